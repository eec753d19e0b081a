/// Which detector class names map to which coarse category. The table covers the 80 COCO
/// names of the SSD detectors; any other name (people, animals, vehicles, sports gear, street
/// furniture, and names not listed) maps to no category, so the object gets empty `labels`.
///
/// The choices follow ML Kit's descriptions: fashion goods are worn or carried, home goods are
/// furniture, appliances, electronics and household objects, food is food, plants are plants.
/// COCO has no place classes, so the base detector never reports "Place" with these models.
public enum CoarseCategoryTable {
  /// Lowercased COCO class name → category.
  public static let coco: [String: CoarseCategory] = {
    var table: [String: CoarseCategory] = [:]
    for name in ["backpack", "umbrella", "handbag", "tie", "suitcase"] {
      table[name] = .fashionGood
    }
    for name in [
      "bottle", "wine glass", "cup", "fork", "knife", "spoon", "bowl", "chair", "couch", "bed",
      "dining table", "toilet", "tv", "laptop", "mouse", "remote", "keyboard", "cell phone",
      "microwave", "oven", "toaster", "sink", "refrigerator", "book", "clock", "vase", "scissors",
      "teddy bear", "hair drier", "toothbrush",
    ] { table[name] = .homeGood }
    for name in [
      "banana", "apple", "sandwich", "orange", "broccoli", "carrot", "hot dog", "pizza", "donut",
      "cake",
    ] { table[name] = .food }
    table["potted plant"] = .plant
    return table
  }()
}
