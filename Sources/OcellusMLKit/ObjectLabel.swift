/// One classification of a detected ``Object``: ML Kit's `ObjectLabel`, with the members of
/// ``ImageLabel`` (`text`, `confidence`, `index`), of which it is another name here.
public typealias ObjectLabel = ImageLabel
