import Foundation

/// Fixtures for the JPEG bitstream tests: two small files made with Pillow 13 (libjpeg-turbo
/// 3.2) from a 48×16 noisy gradient, and libjpeg-turbo's own coefficient checksums.
enum JPEGBitstreamFixtures {
  /// Baseline, 4:2:0, 48×16 (3 MCUs), quality 80, restart interval 1 MCU (so two RST
  /// markers), JFIF, 875 bytes.
  static let baselineWithRestarts: [UInt8] = bytes(
    "ffd8ffe000104a46494600010100000100010000ffdb00430006040506050406060506070706080a100a0a09090a140e",
    "0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707",
    "070a080a130a0a13281a161a282828282828282828282828282828282828282828282828282828282828282828282828",
    "2828282828282828282828282828ffc00011080010003003012200021101031101ffc4001f0000010501010101010100",
    "000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d010203000411051221",
    "31410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a",
    "434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a9293949596979899",
    "9aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1",
    "f2f3f4f5f6f7f8f9faffc4001f0100030101010101010101010000000000000102030405060708090a0bffc400b51100",
    "020102040403040705040400010277000102031104052131061241510761711322328108144291a1b1c109233352f015",
    "6272d10a162434e125f11718191a262728292a35363738393a434445464748494a535455565758595a63646566676869",
    "6a737475767778797a82838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4",
    "c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9faffdd00040001ffda000c0301000211",
    "0311003f00f11b0f0e12c14c7f3f3c91fd6b7f4ff0e93fc27038c639fc7d39e2bd2ecfc35860a1092410093cff002f5f",
    "6ed5bf65e1956886e88950060818dc7dbffd5ffd6e1a38e47839671275b9ffd0e42cfc39907e5e00ce0738c8e3f5ff00",
    "3cd6f59f86c751bb2464f0303df8e95e9765e1b7f97284313d475c81cfe19ff3cd6f69fe190a1cac6ae0807017079e3f",
    "c6b7a38f56dcfa3cb38936f78fffd1f2ab0f0db82a1d18ae71d3ae7a63f2e95b50680b6f0196552c80f53ce78e9fcff2",
    "af4b4d0238812d9f607824fa0f7a7ae89f687cbc65403f708e00cf5afa7cf38c29e514f920f9aac968bb79bf2eddff00",
    "2f98c9f3f752cdbd0fffd9")

  /// The same picture as a progressive 4:2:0 file (10 scans), 773 bytes.
  static let progressive: [UInt8] = bytes(
    "ffd8ffe000104a46494600010100000100010000ffdb00430006040506050406060506070706080a100a0a09090a140e",
    "0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707",
    "070a080a130a0a13281a161a282828282828282828282828282828282828282828282828282828282828282828282828",
    "2828282828282828282828282828ffc20011080010003003012200021101031101ffc400170001010101000000000000",
    "00000000000004060107ffc40017010003010000000000000000000000000003040605ffda000c030100021003100000",
    "01887d33c084d3e99ed507286d36e84d7fffc4001b10000202030100000000000000000000000004010203121321ffda",
    "0008010100010502a2e635ca2e51628b118358a2c516f28b18d638441c763fffc4001811000301010000000000000000",
    "000000000004051261ffda0008010301013f015a90b52e89bfa3ffc4001b110001040300000000000000000000000002",
    "00010304051121ffda0008010201013f0109d04eaf6606a0e9ba4ebfffc4001910000203010000000000000000000000",
    "00103100011120ffda0008010100063f025ced841053ffc4001c10000301000203000000000000000000000001112131",
    "617181b1ffda0008010100013f21de723a4e93c83b2a705c4a8d2412f58fa333348d88fd0b982b6c747fffda000c0301",
    "0002000300000010533dff00ffc400191100030003000000000000000000000000000111213141ffda0008010301013f",
    "10ed4d41b0dbc1ffc4001b110001040300000000000000000000000001001151612131b1ffda0008010201013f10020b",
    "6d38b6581166a279ffc40024100100020201030305000000000000000001112100316141518191b1f0a1c1d1e1f1ffda",
    "0008010100013f10742eada7df11ea82a22fcf6bac947a0260b892bebf2f0365925a20e6b58543a51adcea3d358e5c2e",
    "db9ad7bfa6420354415bf6efc74c232a02108971fcfd6e989d9b90bf13f2f003050608375f9c3565c0d2bd8e72d580ee",
    "504ef3ffd9")

  /// `JPEGInfo.coefficientChecksum` of both fixtures (they code the same coefficients), as
  /// computed from libjpeg-turbo 2.1's `jpeg_read_coefficients` (Python `jpeglib`).
  static let fixtureChecksum: UInt64 = 10_631_786_902_698_925_482

  /// The checksum libjpeg-turbo 2.1 gives for `baselineWithRestarts` cut after N bytes (every
  /// third cut inside the entropy data; its file source ends short data with a fake EOI).
  static let truncatedChecksums: [Int: UInt64] = [
    629: 17_039_984_056_700_994_085, 632: 10_723_548_124_179_849_239,
    635: 10_485_444_579_735_133_533,
    638: 8_254_712_437_746_663_820, 641: 8_725_950_813_769_686_674, 644: 6_133_474_481_093_956_022,
    647: 2_664_366_366_346_447_289, 650: 9_638_224_791_710_136_651, 653: 2_539_392_982_094_515_496,
    656: 12_032_328_317_476_611_366, 659: 13_521_517_634_012_023_340,
    662: 16_202_834_470_610_328_420,
    665: 5_234_034_926_444_244_692, 668: 15_850_860_499_402_141_785,
    671: 14_129_600_402_126_792_689,
    674: 3_524_485_328_330_404_028, 677: 11_086_983_310_724_898_496, 680: 386_592_289_671_705_726,
    683: 12_619_587_416_141_114_380, 686: 515_309_938_333_001_666, 689: 14_073_057_336_792_780_547,
    692: 16_224_839_749_900_417_042, 695: 12_934_862_358_971_380_265,
    698: 9_759_222_607_913_979_955,
    701: 1_129_505_851_395_138_679, 704: 11_333_692_069_800_492_462, 707: 8_981_355_047_217_136_780,
    710: 3_521_576_506_025_340_371, 713: 11_627_310_616_966_946_067, 716: 1_854_434_019_829_696_814,
    719: 8_314_381_350_966_450_161, 722: 9_632_131_602_107_283_875, 725: 2_179_813_710_881_982_728,
    728: 17_654_673_071_311_053_831, 731: 9_034_952_526_242_034_637, 734: 6_615_915_236_478_150_438,
    737: 14_477_508_062_703_944_621, 740: 2_523_669_644_363_133_158, 743: 6_951_563_054_036_717_830,
    746: 4_852_946_591_934_436_353, 749: 9_677_516_526_352_482_186, 752: 16_078_465_849_651_890_876,
    755: 1_840_749_754_574_911_550, 758: 3_972_178_276_631_758_419, 761: 4_371_525_029_396_257_637,
    764: 12_992_967_842_019_174_019, 767: 17_448_850_679_963_800_812,
    770: 3_181_714_726_263_049_725,
    773: 9_032_587_135_548_736_213, 776: 15_910_887_916_805_579_503, 779: 577_705_188_698_505_131,
    782: 6_136_959_659_445_501_849, 785: 4_529_762_978_823_477_017, 788: 17_571_164_721_638_880_366,
    791: 16_090_682_937_943_713_185, 794: 3_873_211_321_067_377_232, 797: 7_885_695_020_271_342_624,
    800: 13_165_127_497_103_987_858, 803: 16_660_054_645_479_758_175,
    806: 8_595_395_373_132_405_087,
    809: 12_600_317_552_436_765_932, 812: 12_785_791_720_032_833_058,
    815: 5_514_033_042_377_020_856,
    818: 4_933_165_107_327_474_189, 821: 59_822_533_749_615_828, 824: 18_438_338_293_438_825_153,
    827: 4_250_696_668_684_832_517, 830: 15_969_397_426_449_351_723,
    833: 11_172_762_776_356_814_568,
    836: 7_091_509_682_902_395_427, 839: 5_679_987_207_131_126_554, 842: 10_634_223_516_141_751_180,
    845: 17_572_262_683_646_516_017, 848: 13_770_309_972_041_495_318,
    851: 13_654_646_109_055_818_778,
    854: 12_056_204_538_576_331_347, 857: 874_843_492_466_034_438, 860: 13_138_942_290_869_675_941,
    863: 5_299_963_105_615_786_965, 866: 16_498_460_668_324_471_429,
    869: 12_708_855_547_196_424_179,
    872: 10_631_786_902_698_925_482,
  ]

  /// The checksum libjpeg-turbo 2.1 gives for `baselineWithRestarts` with its first RST marker
  /// (RST0 at byte 702) or its second (RST1 at 781) replaced by another marker code; FF D5
  /// in place of RST0 or RST1 is "too far away" and simply discarded.
  static let damagedRestartChecksums: [Int: [UInt8: UInt64]] = [
    702: [
      0xD7: 10_385_056_852_285_159_037, 0xD5: 10_631_786_902_698_925_482,
      0x01: 10_385_056_852_285_159_037,
    ],
    781: [
      0xD7: 6_136_959_659_445_501_849, 0xD5: 10_631_786_902_698_925_482,
      0x01: 6_136_959_659_445_501_849,
    ],
  ]

  /// `JPEGInfo.coefficientChecksum` computed from libjpeg-turbo 2.1's `jpeg_read_coefficients`
  /// (Python `jpeglib` 1.0.2, version "turbo210") for every conformance JPEG it decodes, keyed
  /// by the path under `conformance/`.
  static let libjpegChecksums: [String: UInt64] = [
    "exif/pillow/exif-ifd-offset.jpg": 13_714_684_556_388_780_050,
    "exif/pillow/hopper_orientation_2.jpg": 11_603_812_463_490_189_976,
    "exif/pillow/hopper_orientation_3.jpg": 6_827_547_850_706_749_858,
    "exif/pillow/hopper_orientation_4.jpg": 15_306_995_392_426_210_766,
    "exif/pillow/hopper_orientation_5.jpg": 7_061_064_399_896_036_546,
    "exif/pillow/hopper_orientation_6.jpg": 9_706_371_643_386_897_784,
    "exif/pillow/hopper_orientation_7.jpg": 16_811_676_806_163_716_264,
    "exif/pillow/hopper_orientation_8.jpg": 5_136_809_915_638_449_602,
    "exif/pillow/invalid-exif.jpg": 13_714_684_556_388_780_050,
    "exif/pillow/multiple_exif.jpg": 11_882_916_448_392_347_109,
    "exif/pillow/orientation_rectangle.jpg": 9_302_180_461_624_145_474,
    "exif/recurser/Landscape_0.jpg": 1_753_591_444_327_172_325,
    "exif/recurser/Landscape_1.jpg": 4_296_830_207_613_097_679,
    "exif/recurser/Landscape_2.jpg": 16_776_917_989_194_038_322,
    "exif/recurser/Landscape_3.jpg": 10_672_671_343_755_435_706,
    "exif/recurser/Landscape_4.jpg": 14_184_168_433_096_443_609,
    "exif/recurser/Landscape_5.jpg": 17_533_040_155_639_031_444,
    "exif/recurser/Landscape_6.jpg": 15_786_700_450_944_821_284,
    "exif/recurser/Landscape_7.jpg": 18_224_655_025_414_936_534,
    "exif/recurser/Landscape_8.jpg": 315_831_916_942_789_448,
    "exif/recurser/Portrait_0.jpg": 15_321_051_003_088_590_161,
    "exif/recurser/Portrait_1.jpg": 502_721_330_111_289_124,
    "exif/recurser/Portrait_2.jpg": 369_290_946_740_378_886,
    "exif/recurser/Portrait_3.jpg": 9_448_626_819_729_641_378,
    "exif/recurser/Portrait_4.jpg": 17_401_103_460_215_205_951,
    "exif/recurser/Portrait_5.jpg": 7_247_634_468_919_317_412,
    "exif/recurser/Portrait_6.jpg": 11_627_468_006_493_112_930,
    "exif/recurser/Portrait_7.jpg": 4_486_623_239_517_138_268,
    "exif/recurser/Portrait_8.jpg": 6_700_446_596_376_094_319,
    "jpeg/jpeg-decoder-crashtest/dc-predictor-overflow.jpg": 1_612_073_313_691_430_468,
    "jpeg/jpeg-decoder-crashtest/extraneous-bytes-after-sos.jpg": 13_264_579_529_573_773_655,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/194531363df5b73f59c4c0517422f917.jpg":
      4_283_564_018_127_856_305,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/1cbb1bb37d62c44f67374cd451643dc4.jpg":
      12_612_931_234_869_457,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/21ad703b38e2c350215bb92a849486f3.jpg":
      14_686_594_801_629_790_131,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/255015e07b6f9137b53b0f97d67a8aef.jpg":
      16_140_395_001_434_648_200,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/28c74d9284d9836017fd519f6932efd8.jpg":
      4_771_529_243_683_715_576,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/316be81dfdeeb942e904feb3a77f4f83.jpg":
      4_520_408_891_373_281_420,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/32d08f4a5eb10332506ebedbb9bc7257.jpg":
      10_428_603_890_641_861_471,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/3976a754ef0aca80e84e2c403d714579.jpg":
      5_744_713_204_451_939_110,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/39f43f280b31152f1d27df3f9d189317.jpg":
      8_747_686_101_232_982_116,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/3cc4a7fc6481ea3681138da4643f3d16.jpg":
      16_514_258_515_375_773_645,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/3ef05501315073d9d4e1c6b654d99ac0.jpg":
      9_492_498_163_484_973_270,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/46f5d9c1b0fe352353688f736e5617b6.jpg":
      3_624_096_539_503_621_170,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/4838ece0d3900220d33528ee027289bc.jpg":
      2_131_471_731_746_144_597,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/5482a54657765056f1a94116a8dbffe7.jpg":
      10_331_908_578_902_283_700,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/56d4a1bb53241f7c5ed6ab531320a542.jpg":
      5_518_878_587_047_155_245,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/59d3b529c78ac722127c41ba75b3355b.jpg":
      3_623_698_331_859_008_181,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/5baad44ca4702949724234e35c5bb341.jpg":
      4_705_206_235_918_349_765,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/5bc61724b33e34a6188a817f9f2f8138.jpg":
      9_004_064_374_308_284_335,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/5c67195f6993c9f8d0d32d4ffe0d8e62.jpg":
      12_878_651_729_243_087_223,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/75e4bd7544a85af6438497980b62fba5.jpg":
      8_562_216_826_689_061_493,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/7997b6b229f25315d33f5c7085e37500.jpg":
      3_587_285_830_683_876_794,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/865db3dd2d380626f16b6f9dc6d62dba.jpg":
      8_299_068_137_227_444_891,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/8e5e74dbf9b68a322fbb9512db837329.jpg":
      17_929_925_402_767_493_270,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/9efd60f04cd971daa83d3131e6d6f389.jpg":
      7_155_706_613_735_909_723,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/b55977028a3a574336966b6536640fc9.jpg":
      9_094_667_645_994_144_241,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/ba60305ac83fe3d8ef01da1d9a0ecc79.jpg":
      5_782_689_051_825_344_237,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/c3018ebe53d0046eecb58858ca869a99.jpg":
      5_043_560_842_113_711_057,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/d22db5be7594c17a18a047ca9264ea0a.jpg":
      3_853_296_347_431_605_040,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/eecb78b937a7c5f04aae2f5b0f5b5acc.jpg":
      16_344_866_591_687_028_334,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/f6b4389c3cf0f5997b2e5a4b905aea8d.jpg":
      14_866_081_687_195_747_660,
    "jpeg/jpeg-decoder-crashtest/imagetestsuite/fd44dc63fa7bdd12ee34fc602231ef02.jpg":
      7_823_589_300_100_530_119,
    "jpeg/jpeg-decoder-crashtest/multiple-0xff-before-eoi.jpg": 13_768_868_735_014_415_089,
    "jpeg/jpeg-decoder-crashtest/subtract-with-overflow.jpg": 5_042_657_915_681_558_350,
    "jpeg/jpeg-decoder-reftest/16bit-qtables.jpg": 2_151_691_242_162_972_647,
    "jpeg/jpeg-decoder-reftest/blank_800x280.jpg": 2_832_446_043_334_489_509,
    "jpeg/jpeg-decoder-reftest/extraneous-data.jpg": 10_537_549_236_441_128_078,
    "jpeg/jpeg-decoder-reftest/grayscale_16x24_sampling2x2.jpg": 1_272_531_820_242_642_384,
    "jpeg/jpeg-decoder-reftest/grayscale_24x16_sampling2x2.jpg": 10_503_267_436_847_379_637,
    "jpeg/jpeg-decoder-reftest/grayscale_large.jpg": 16_557_217_819_044_932_191,
    "jpeg/jpeg-decoder-reftest/grayscale_long.jpg": 14_411_617_387_244_343_893,
    "jpeg/jpeg-decoder-reftest/grayscale_square.jpg": 11_817_276_274_239_147_065,
    "jpeg/jpeg-decoder-reftest/mjpeg.jpg": 14_409_350_652_525_045_269,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-cmyk-1.jpg": 10_816_901_031_943_471_106,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-cmyk-2.jpg": 2_987_437_747_584_904_194,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-gray.jpg": 13_967_552_293_829_591_005,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-progressive.jpg": 11_192_174_431_887_642_954,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-15x15.jpg": 17_008_806_364_152_699_430,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-16x16.jpg": 10_537_549_236_441_128_078,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-17x17.jpg": 7_454_845_044_169_551_449,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-1x1.jpg": 16_088_980_984_541_510_101,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-2x2.jpg": 532_971_323_763_553_405,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-31x31.jpg": 13_136_011_451_900_011_505,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-32x32.jpg": 11_192_174_431_887_642_954,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-33x33.jpg": 5_177_752_865_407_782_958,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-3x3.jpg": 1_606_143_838_091_829_297,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-4x4.jpg": 3_983_793_752_004_579_607,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-5x5.jpg": 3_050_547_255_055_919_074,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-7x7.jpg": 14_451_885_243_010_149_605,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-8x8.jpg": 735_560_286_285_088_589,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-size-9x9.jpg": 8_102_047_899_559_488_422,
    "jpeg/jpeg-decoder-reftest/mozilla/jpg-srgb-icc.jpg": 2_314_583_838_334_853_221,
    "jpeg/jpeg-decoder-reftest/non-interleaved-mcu.jpg": 2_810_243_718_034_460_965,
    "jpeg/jpeg-decoder-reftest/partial_progressive.jpg": 7_985_147_563_112_649_342,
    "jpeg/jpeg-decoder-reftest/progressive-missing-ac.jpg": 15_523_153_360_267_569_207,
    "jpeg/jpeg-decoder-reftest/progressive-missing-dc.jpg": 17_521_541_593_500_050_533,
    "jpeg/jpeg-decoder-reftest/progressive3.jpg": 9_432_057_239_953_370_534,
    "jpeg/jpeg-decoder-reftest/restarts.jpg": 1_174_068_734_582_227_973,
    "jpeg/jpeg-decoder-reftest/rgb.jpg": 15_958_939_161_592_909_144,
    "jpeg/jpeg-decoder-reftest/ycck.jpg": 3_976_914_627_123_085_233,
    "jpeg/libjpeg-turbo/testimgint.jpg": 8_661_213_648_933_804_079,
    "jpeg/libjpeg-turbo/testorig.jpg": 2_844_702_784_238_357_679,
  ]

  /// Bytes from concatenated hex strings.
  static func bytes(_ parts: String...) -> [UInt8] {
    let hex = Array(parts.joined().utf8)
    var out: [UInt8] = []
    out.reserveCapacity(hex.count / 2)
    var index = 0
    while index + 1 < hex.count {
      out.append(UInt8(String(decoding: hex[index...(index + 1)], as: UTF8.self), radix: 16) ?? 0)
      index += 2
    }
    return out
  }
}
