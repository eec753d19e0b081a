import Foundation

/// A list of public models that `ocellus models` can pull by name.
///
/// ``standard`` holds real models at their canonical public URLs (raw.githubusercontent.com,
/// Apache-2.0 repositories), each pinned by size and SHA-256, so a download from the original
/// host or from any mirror is verified byte for byte.
public struct ModelCatalog: Sendable, Hashable {
  /// The entries, in display order; names are unique.
  public var entries: [ModelCatalogEntry]

  /// A catalog of `entries`.
  public init(entries: [ModelCatalogEntry]) {
    self.entries = entries
  }

  /// The entry named `name` (exact match), if any.
  public func entry(named name: String) -> ModelCatalogEntry? {
    entries.first { $0.name == name }
  }

  private static let tfliteSupport =
    "https://raw.githubusercontent.com/tensorflow/tflite-support/master/"
    + "tensorflow_lite_support/cc/test/testdata/task/vision/"
  private static let mlkitSamples =
    "https://raw.githubusercontent.com/googlesamples/mlkit/master/"
    + "android/vision-quickstart/app/src/main/assets/custom_models/"

  private static func entry(
    _ name: String, _ summary: String, _ url: String, _ fileName: String, _ byteCount: Int,
    _ sha256: String
  ) -> ModelCatalogEntry {
    // The URLs are literals checked by the tests; an unparsable one would fall back to an
    // unusable file URL rather than trap.
    ModelCatalogEntry(
      name: name, summary: summary, url: URL(string: url) ?? URL(fileURLWithPath: "/invalid"),
      fileName: fileName, byteCount: byteCount, sha256: sha256, license: "Apache-2.0")
  }

  /// The built-in catalog: the COCO SSD MobileNet v1 detector, ML Kit's object labeler and
  /// bird classifier, and MobileNet v1 0.25 (quantized, and float with metadata).
  public static let standard = ModelCatalog(entries: [
    entry(
      "coco-ssd-mobilenet-v1",
      "object detector: COCO SSD MobileNet v1 1.0 quant 2018_06_29 (300x300 uint8, 90 classes, metadata)",
      tfliteSupport + "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite",
      "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite", 4_185_023,
      "61d598093ed03ed41aa47c3a39a28ac01e960d6a810a5419b9a5016a1e9c469b"),
    entry(
      "mlkit-object-labeler",
      "classifier: ML Kit's mobile object labeler (google/object_detection/mobile_object_labeler_V1)",
      mlkitSamples + "object_labeler.tflite", "mlkit_object_labeler.tflite", 3_770_391,
      "9400671e04685f5277edd3052a311cc51533de9da94255c52ebde1e18484c77c"),
    entry(
      "mlkit-bird-classifier",
      "classifier: ML Kit's bird classifier (aiy/classifier/natural_world_birds_V1, 965 species)",
      mlkitSamples + "bird_classifier.tflite", "mlkit_bird_classifier.tflite", 3_588_463,
      "79510633209226cbb86b356be5a743e554c01789acd939d73d1fcf8d5b64416f"),
    entry(
      "mobilenet-v1-0.25-quant",
      "classifier: MobileNet v1 0.25 224 quantized with metadata (ImageNet labels, normalization)",
      tfliteSupport + "mobilenet_v1_0.25_224_quant.tflite", "mobilenet_v1_0.25_224_quant.tflite",
      508_786, "e480eb15572f86d3d5f1be6e83e35b3c7d509ab2bcec353707d1f614e14edca2"),
    entry(
      "mobilenet-v1-0.25",
      "classifier: MobileNet v1 0.25 224 float with metadata (ImageNet labels, normalization)",
      tfliteSupport + "mobilenet_v1_0.25_224_1_metadata_1.tflite",
      "mobilenet_v1_0.25_224_1_metadata_1.tflite", 1_894_378,
      "348cc1221740b9fe1f609c964eff5bf09650bda76341c30aa27800b3da6171f4"),
  ])
}
