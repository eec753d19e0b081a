import Foundation
import ImageCodecs
import OcellusTestSupport
import Testing

/// `BMPDecoder`: the photos in ../shared/images, hand-built files for every header, depth,
/// compression and row order compared with Pillow 13's decode, and hostile headers.
@Suite("BMP decoder")
struct BMPDecoderTests {
  /// A hand-built BMP and the RGBA Pillow 13 decodes it to (`Image.open(f).convert("RGBA")`).
  struct BMPCase: Sendable, CustomStringConvertible {
    var description: String
    var width: Int
    var height: Int
    var bmp: String
    var rgba: String

    init(_ description: String, width: Int, height: Int, bmp: String, rgba: String) {
      self.description = description
      self.width = width
      self.height = height
      self.bmp = bmp
      self.rgba = rgba
    }
  }

  /// A photo in ../shared/images and facts about Pillow's decode of it.
  struct Photo: Sendable, CustomStringConvertible {
    var description: String
    var width: Int
    var height: Int
    var sha256: String
    /// Sums of the R, G and B bytes over all pixels.
    var sums: [Int]
    /// (x, y, r, g, b) at fixed coordinates.
    var pixels: [[Int]]
  }

  static let photos: [Photo] = [
    Photo(
      description: "bird.bmp", width: 512, height: 343,
      sha256: "9659dd438d0d7ae12cee13551f983c3ced3997139b552e415569e123317199dc",
      sums: [15_908_189, 17_247_034, 10_579_762],
      pixels: [
        [0, 0, 135, 141, 61], [511, 0, 117, 137, 54], [0, 342, 20, 39, 22], [511, 342, 0, 3, 7],
        [256, 171, 219, 217, 211], [170, 68, 107, 133, 60], [7, 341, 24, 52, 24],
        [128, 257, 142, 166, 116], [509, 171, 64, 63, 71], [100, 100, 6, 17, 12],
        [33, 303, 10, 34, 10], [462, 20, 137, 121, 82],
      ]),
    Photo(
      description: "cat.bmp", width: 512, height: 341,
      sha256: "1539a77e76316f73fa65683e74a6a4fa2d19d30e47c8356e8561be3f863600d7",
      sums: [27_368_055, 18_008_941, 14_138_434],
      pixels: [
        [0, 0, 223, 124, 82], [511, 0, 107, 122, 99], [0, 340, 139, 54, 57],
        [511, 340, 159, 101, 63], [256, 170, 176, 94, 55], [170, 68, 189, 175, 148],
        [7, 339, 145, 60, 63], [128, 255, 133, 86, 64], [509, 170, 55, 41, 33],
        [100, 100, 136, 91, 60], [33, 301, 152, 66, 69], [462, 20, 157, 133, 107],
      ]),
    Photo(
      description: "dragonfly.bmp", width: 512, height: 418,
      sha256: "b15fdffa84bf3c97689336194a61baf67d7c503f11c011732b7fb78e78485e6e",
      sums: [28_238_097, 25_710_861, 23_330_382],
      pixels: [
        [0, 0, 177, 147, 120], [511, 0, 109, 87, 68], [0, 417, 89, 70, 60],
        [511, 417, 172, 124, 88], [256, 209, 60, 51, 55], [170, 83, 66, 65, 68],
        [7, 416, 50, 32, 20], [128, 313, 208, 199, 203], [509, 209, 203, 178, 154],
        [100, 100, 117, 86, 61], [33, 378, 71, 52, 41], [462, 20, 138, 112, 95],
      ]),
    Photo(
      description: "grace_hopper.bmp", width: 512, height: 600,
      sha256: "07d971da30abeeec23745add29f62cf74c36b51e5cd7d76b1a2bff4a36a7852a",
      sums: [25_361_402, 22_254_061, 26_536_255],
      pixels: [
        [0, 0, 21, 26, 82], [511, 0, 72, 110, 185], [0, 599, 150, 3, 11], [511, 599, 13, 12, 18],
        [256, 300, 223, 134, 99], [170, 120, 14, 12, 15], [7, 598, 140, 13, 7],
        [128, 450, 19, 19, 21], [509, 300, 110, 142, 203], [100, 100, 108, 79, 82],
        [33, 560, 13, 13, 15], [462, 20, 69, 107, 182],
      ]),
    Photo(
      description: "sunflower.bmp", width: 512, height: 340,
      sha256: "40ef09fa5583c98c2a72e2883e04e40f37abea88875b6398c1d8b6e82b992923",
      sums: [27_038_135, 25_285_891, 6_814_383],
      pixels: [
        [0, 0, 160, 157, 45], [511, 0, 137, 145, 89], [0, 339, 62, 72, 34],
        [511, 339, 85, 101, 58], [256, 170, 114, 106, 26], [170, 68, 78, 97, 15],
        [7, 338, 78, 79, 20], [128, 255, 123, 135, 89], [509, 170, 91, 105, 61],
        [100, 100, 88, 104, 4], [33, 300, 132, 149, 97], [462, 20, 102, 114, 46],
      ]),
  ]

  static let pillowCases: [BMPCase] = [
    BMPCase(
      "OS/2 core header, 1-bit, 3-byte palette", width: 9, height: 3,
      bmp:
        "424d2c00000000000000200000000c000000090003000100010082b70eee7f1a5039bef07ec2347f066ed08f",
      rgba:
        "0eb782ff0eb782ff0eb782ff0eb782ff0eb782ff1a7feeff1a7feeff0eb782ff0eb782ff0eb782ff1a7feeff"
        + "1a7feeff1a7feeff1a7feeff1a7feeff1a7feeff0eb782ff1a7feeff0eb782ff1a7feeff0eb782ff1a7feeff"
        + "0eb782ff0eb782ff0eb782ff0eb782ff0eb782ff"),
    BMPCase(
      "OS/2 core header, 4-bit", width: 5, height: 3,
      bmp:
        "424d56000000000000004a0000000c00000005000300010004005dc7512447e3404300026b6e545594a06568"
        + "5d64c4980bb8d4544a8721a99a01ad219eb59cf6a15ef6f15a1d830bb7ce09d6bbc004e7175c643c7dec",
      rgba:
        "c4645dff945554ff6e6b02ffa1f69cffb80b98ff51c75dff945554ff831d5affb80b98ffe34724ff51c75dff"
        + "a92187fff1f65effc4645dffb59e21ff"),
    BMPCase(
      "OS/2 core header, 8-bit", width: 3, height: 2,
      bmp:
        "424d22030000000000001a0300000c0000000300020001000800b0b580ec37bc9712dd2e6aaeb94bae8d2f9f"
        + "a29c5a284c9ef7521829cf1079b080e9d74a1c10fcab6a4243d33656debe4c1ed79648e856e8f9a2f58c95f0"
        + "ce4b39c15bffad5c2dfb8bb820b6119cba8ff88796ae5b05f280a68ced93b6b28cb0d1b358e6baab485565b9"
        + "f49028d557d79a8a0e6451e15c705c15f173541b4438a25cf76312d4eeb3c2246879bf00b3cf8ed13abf129a"
        + "3097ad96b442d6d1bdef4850c3f465442eb300c337a648a6c0dbdd73fc95f5c2c451859afe80d40aa39dfb92"
        + "49f40c3ee37d961445c806f58c7cf2127dfa894f9296fcf33c08409990ac970dedb3b843120181e9376107db"
        + "daf6c5f3c86497ee219b01dd92f19f4954f4fea94ed9182375882b200daadb23cff9193f3e70384495e04c5d"
        + "5ed352226d1637c2248f1d3ccc4405dd2ea1fafab4bf1c46964d947086207882914478bee8c75b4309ae2b12"
        + "2e3fe87ac7ecf5a5370fc41b4ddb723b2afb6c47c0b57894aab2c5c145b797ddb9126e5cca203112105f6764"
        + "14faf6b200daf099dba5eeec33624f5124bfc5f04d82388e52927810f610b0bca11e0be9f14f3ca695e87a53"
        + "11660c7628cdba9f5eefb99022ef537b596a16dc8a03ec1fe7d2561711b3302479fb2ff11b7c19fecb1e1882"
        + "d0e49c1a13635bce60772ba0372c52266d08e1b7f9d8c043069de5723b479ff72c86cea0434229f17d2bdb7d"
        + "8d1ffc7f186692bf3224d7a0c20092430ee2490918da8936c342a4219c564686fea59211200e0e3e1942b6df"
        + "840876db40b967a9b706535330895749e4dedb3caaa2e474ecde57e21852f2fb003540d61a6a001078f6b5c9"
        + "ed6e678d669bb67bbbb47f1ffdcdb249497afac3133056cb329066a5f4f02e65c005355ec70ba20d9fc4f3cc"
        + "e61f4bd5b90a699192270d2cb6d39d078c7824132d99b36af72f3d7aafd8c901c7c15b6aa4c5a537bf7f336c"
        + "969c89275527d35e7320d0d576d9f77d9ad68f2ba95fd70f4c3b975ede61a634a9271ff84625a360efc475f4"
        + "33006350392fab4dbc35e1a55d34bb34216469a5bf58ea2a7dceeec0023cbf4301fdc3af24fb97083bf5b564"
        + "afc34894ff2d3897d0ac",
      rgba: "37c300ff1ecbfeffc75e35ff3cf3fcff792430ffc3af64ff"),
    BMPCase(
      "OS/2 core header, 24-bit", width: 3, height: 2,
      bmp:
        "424d32000000000000001a0000000c000000030002000100180020dd1970d7798a254a8a31f4dd5cc57d2fe7"
        + "b6422a0248b8",
      rgba: "c55cddffe72f7dff2a42b6ff19dd20ff79d770ff4a258aff"),
    BMPCase(
      "info header, 1-bit, 2 colors", width: 10, height: 2,
      bmp:
        "424d46000000000000003e000000280000000a00000002000000010001000000000008000000000000000000"
        + "00000200000000000000080a8000eac428001b6f63e206f12b8e",
      rgba:
        "800a08ff800a08ff800a08ff800a08ff800a08ff28c4eaff28c4eaff800a08ff28c4eaff28c4eaff800a08ff"
        + "800a08ff800a08ff28c4eaff28c4eaff800a08ff28c4eaff28c4eaff800a08ff28c4eaff"),
    BMPCase(
      "info header, 1-bit black and white (Pillow mode 1)", width: 10, height: 2,
      bmp:
        "424d46000000000000003e000000280000000a00000002000000010001000000000008000000000000000000"
        + "0000020000000000000000000000ffffff00f00b1b51c9de126e",
      rgba:
        "ffffffffffffffff000000ff000000ffffffffff000000ff000000ffffffffffffffffffffffffffffffffff"
        + "ffffffffffffffffffffffff000000ff000000ff000000ff000000ff000000ff000000ff"),
    BMPCase(
      "info header, 1-bit, 1 color: index 1 is past the palette", width: 8, height: 1,
      bmp:
        "424d3e000000000000003a000000280000000800000001000000010001000000000004000000000000000000"
        + "0000010000000000000009080700a5000000",
      rgba: "000000ff070809ff000000ff070809ff070809ff000000ff070809ff000000ff"),
    BMPCase(
      "info header, 4-bit, 16 colors, odd width", width: 7, height: 3,
      bmp:
        "424d82000000000000007600000028000000070000000300000001000400000000000c000000000000000000"
        + "000000000000000000000cd7d300ddc1070055ad4b009b61d80027bd6e00c9d761008a47f000ba9201003f56"
        + "ea002725c30012d14c006409fc00a2ea4500ef792700ba0f07005edb2b008843beab6d4d962e913836cc",
      rgba:
        "c32527ff07c1ddffd8619bffea563fffd8619bfff0478aff45eaa2fff0478aff2779efff6ebd27ff2779efff"
        + "c32527fff0478aff4bad55ffea563fffea563fff6ebd27ffd8619bfffc0964ff070fbaff4cd112ff"),
    BMPCase(
      "info header, 4-bit, 6 colors: indices past the palette are black", width: 7, height: 3,
      bmp:
        "424d5a000000000000004e00000028000000070000000300000001000400000000000c000000000000000000"
        + "00000600000000000000bf9bbc00f4e37b004786080006c5440079f61c0004076c00d677789d1c7a13c5b10a"
        + "98e1",
      rgba:
        "000000ff7be3f4ffbc9bbfff000000ff000000ff000000ff000000ff7be3f4ff000000ff000000ff000000ff"
        + "7be3f4ff44c506ff000000ff000000ff000000ff000000ff000000ff000000ff000000ff000000ff"),
    BMPCase(
      "info header, 8-bit, 5 colors: indices past the palette are black", width: 6, height: 2,
      bmp:
        "424d5a000000000000004a000000280000000600000002000000010008000000000010000000000000000000"
        + "00000500000000000000e6343f00bd8dc700c19a550027e51c006cc732000001020304050000c8ff04030000"
        + "0000",
      rgba:
        "000000ff000000ff32c76cff1ce527ff3f34e6ff3f34e6ff3f34e6ffc78dbdff559ac1ff1ce527ff32c76cff"
        + "000000ff"),
    BMPCase(
      "info header, 8-bit gray ramp of 4: indices past it stay gray", width: 6, height: 1,
      bmp:
        "424d4e0000000000000046000000280000000600000001000000010008000000000008000000000000000000"
        + "000004000000000000000000000001010100020202000303030000010203c8ff0000",
      rgba: "000000ff010101ff020202ff030303ffc8c8c8ffffffffff"),
    BMPCase(
      "info header, 8-bit, 256 colors", width: 5, height: 3,
      bmp:
        "424d4e0400000000000036040000280000000500000003000000010008000000000018000000000000000000"
        + "0000000000000000000099bfd10046e9b30020fd01006ae815001e2d3b00af49bf00ae868d00f7493f008680"
        + "0c0081c655007d86e0005a461a00b53f0400e916fd00140dd2003cd3e200713820002f152200eb9b23008b3d"
        + "cf009c84e80098990000a5feee00c24f6e0086a16900ea2d4c00b428d900e0ca59006447fb0056e4b000084a"
        + "de0089fc6e007a56d60080a0960037648400d9b78700f92c3b0038ac310034915b0019c45800ab853300d1a8"
        + "31009f209500acd2d10020219a00235c140030d03500ecd5240073d70d009437a500b926ee00c23457007d3a"
        + "30002ac2df003a8b9c00e8db14006b44c3005c62a60024479c001bee9c00e28291005583e900f0ce32004467"
        + "ea0034e37700447f55002de48300ed53f60035988000b61a3e00690cac00f6fa9000aa1d930044d79600d4bd"
        + "41009463100000f951009fd59000d7ecae00a7075100fd00f700eebf16007401f5003d6756005779cc0034c5"
        + "d500758c050068782200bfde9c007230be00e31f8500014bd9001ded07006161360058eae000f0f49400260c"
        + "ee00680ae3006721ae006633bd002d587000ca011100db1d990060c7c800553ac400606f4300cee64b00d10d"
        + "8c00e96788002f77d800d5e3610067a7800017625200bb30dd00b94993005d034c00d9350300eea62800f94d"
        + "bc00031dbd00f487e700a8d35700c9dae1000875f50096372400f7702a00a0302900a6d05900a4b315009e3f"
        + "2a002b14f900f06ee2009b4dd9008ee624007c942e009a25c00095d3310051b1d9002daf6b00b635ec00a632"
        + "fe00a712e7001d7492009e87eb00b12fe700d364cf00da3f430020e0a500139cba00d737590004e449009c15"
        + "37001822290096959100dd761100dde9970052aaca00eeec13005abbf200a32d3800e08bbd00ae3bc700cde6"
        + "8700424aea00b68e5c0058d20400cda18200634fdf00e83c9200c112630063cf7c00ff0d3a009c32ad00acb1"
        + "530006176400ff108b00f368170072a9a00071bce90008103e0062379f003d7e210038b3ac0082d256008a9c"
        + "2100c8597b00fb059c00f0761c006fc4310090f812008501ea004b3d29007ea3bc007bf9030000a4c900b4a2"
        + "89006e97e7004c04650074029a002d74790069c46f0090466900563cf90071e09c0082285f00ee30b100f307"
        + "9a00075451009fc28e00f0ac440063e46300340aff005c960f00658a52008dcc8a0028b49f00397c0a00758f"
        + "c100e2832200f5caf8004ccff4001fcb16006784a90059bcdc0053c476001f907400d5fbf5005aeff600fbe2"
        + "7a0079a570004b2b3e00e4ef05004b07f9004739170021dae1005e3d0a00aadfad007253fc00fca51900a304"
        + "ff0015686100818e9800757be30022fef40077a8d400846eba00df00a1003d4c7900a1927800b57f960035f5"
        + "81003c89160049353300e0994a0071a2a6005e16dc00d9c4013a84c82c3103a09dee474cba9b8e2adfda03e8"
        + "f59e",
      rgba:
        "92741dff95209fffdcbc59ff2283e2ff15e86aff15e86affbd8be0ff13eceeff19a5fcff90faf6ffc18f75ff"
        + "e7976effb3e946ff9c4724ffd94d9bff"),
    BMPCase(
      "info header, 16-bit BI_RGB (5-5-5, top bit ignored)", width: 5, height: 2,
      bmp:
        "424d4e0000000000000036000000280000000500000002000000010010000000000018000000000000000000"
        + "00000000000000000000f3329d267dd8383579c762f2bb674b0f0c3dcfd305efac77",
      rgba: "cdeedeff18d55aff7b4162ffa4f67bffdec529ff62bd9cff4aa4eeffb418eeff6a4ac5ff8bdecdff"),
    BMPCase(
      "info header, 24-bit, odd width (row padding)", width: 5, height: 3,
      bmp:
        "424d660000000000000036000000280000000500000003000000010018000000000030000000000000000000"
        + "00000000000000000000a0fc846b74f9f78123882b95dd17ef1b581977d94c6ab37820db5c72e4fb44e353b9"
        + "f73aef9824eca5b87c258fbe9d13",
      rgba:
        "f7b953ff98ef3affa5ec24ff257cb8ff9dbe8fff771958ff6a4cd9ff2078b3ff725cdbff44fbe4ff84fca0ff"
        + "f9746bff2381f7ff952b88ffef17ddff"),
    BMPCase(
      "info header, 32-bit BI_RGB: the fourth byte is ignored", width: 3, height: 2,
      bmp:
        "424d4e0000000000000036000000280000000300000002000000010020000000000018000000000000000000"
        + "00000000000000000000b1beb05773c3d2be88d7d2705c0faf163064daf33adb63bd",
      rgba: "af0f5cffda6430ff63db3affb0beb1ffd2c373ffd2d788ff"),
    BMPCase(
      "info header, 24-bit top-down", width: 3, height: 3,
      bmp:
        "424d5a00000000000000360000002800000003000000fdffffff010018000000000024000000000000000000"
        + "0000000000000000000070ca3912c1a174b250d3aa8e9ffca7577617eba7712cfeb7982d9a4ba8f954f265c9"
        + "e08a",
      rgba: "39ca70ffa1c112ff50b274ffa7fc9fff177657ff71a7ebff9a2d98fff9a84bff65f254ff"),
    BMPCase(
      "info header, 8-bit top-down", width: 3, height: 3,
      bmp:
        "424d4204000000000000360400002800000003000000fdffffff01000800000000000c000000000000000000"
        + "000000000000000000000d633600d5500a00a8820d000bb7df003a705e00a3936800ca524600f793cb00e8a4"
        + "8700a1a9110091caf10079862600372a3500d036b80044fed70012f1be00a4833e00633afe004222b2009041"
        + "77001ac6380043e527006ee126008b0133006b74de00fe9a38007547f800bcff090047d088004410c60013d4"
        + "5700b7eaf500fad77400a7b3f300da3d0d000b62e40047a8a700d228ad008bc726003f272500244a250061ff"
        + "df00b0c37c00bc6162002b9e880011d3c60070a440004c066700e164180000bf8300fdfcfc0025e72700a258"
        + "1500200ba600313af2000479ec000d79c000b33a14003964f000a38a7100baed6b0078625a00643fc600f208"
        + "8b00f56807007109da004f49c4008658af0036a1860066b9be005edc5500fa7fab001c54940082483a00e026"
        + "3e004082b900881ce10074f17700ed59520084bc6700db0f170089aed50074bd380002efa5003faeeb00fdc6"
        + "28009dfa6c00da82160025b9ad00dbbc830064338000418449002862280055be240042858800d83cc20091c8"
        + "e200df7d2a00426bbc00777f8800c153eb00b4d7c400458eb00028aa5200c821c4003a975a000efe650008e2"
        + "ff0021a9a800507ae10004985000f133d000b2be4c00847c7e005d4a5b0085d8fb00e77a5a00d313490059be"
        + "630000966a00ca054300e2824e002de8aa0051206f00e162b600ffeb26004a8d20004b2d35002985db00ed73"
        + "7700f2dcfb0023caee009da67d00f00445000e8bb00024e5c20072ee2b00fb7fab00dec86d005db3a4007366"
        + "fb0026a7dc0092488700b687b800bc611a00c044c60098570600a8a0400047acd5007aacca007e7d9c00fe43"
        + "6b00cb3d490099db13002d8cad004dd86a0008f0af004dbcc800125790009ee129000c58350029091500adde"
        + "e7008fb8cb00d0148e0031556700c2b109006a4a2d00678446009bc596001fe35c0042944000b17d6500e057"
        + "7b00fbff4000707348009c70a600d95f10005d9afb00e91d890089fa9c0018042d0077656000fb8868005076"
        + "6400a95fcf00ed0cb3005a3e5300b5ca5300d57d0100eb887f00d0252500486d4400da6bc800deed4d005ce6"
        + "af00058f8c009dde31001cb39600a82f3b004ab0f100946e240017de60007959a9003f0a0b00291cb60084d6"
        + "98003d01db00af1c03000e98be005bd0b500a1b63c007eb05000db646500f683a600e7f5d200808590009b62"
        + "8a006cc76200f8109a00b8f2bc00e9cf8d00d997b20064f8fc00bd071600408eeb00cd329f0064394d0046de"
        + "6100a4a24600efcd6b0078ba13000dc9d600a915f0000d64f50026beaa007031f2005465f20019ed7900b338"
        + "110064105400f028cf00e03faf007b6081005b637900c2db5f00eac56d0022db1e00c3cc290060ff9500dc87"
        + "8000a1f721004638aa003b4d3a000e2ad3000d9c360087870e82ade784f537449193",
      rgba: "c2e524ffc2e524ffd7fe44ff7b57e0ff13ba78ff7da69dffec7904ff86a136ffc644c0ff"),
    BMPCase(
      "info header, 8-bit, pixel offset 0 (data right after the palette)", width: 3, height: 2,
      bmp:
        "424d080000000000000000000000280000000300000002000000010008000000000008000000000000000000"
        + "00000400000000000000ed9c0e0046f13000be5c8e00838fcb001fce5cc623ee5514",
      rgba: "000000ff000000ff000000ff000000ff000000ff000000ff"),
    BMPCase(
      "info header, 8-bit, pixel offset pointing at the palette (Pillow skips it)", width: 3,
      height: 2,
      bmp:
        "424d3e0000000000000036000000280000000300000002000000010008000000000008000000000000000000"
        + "00000400000000000000d5c52c0097ac2700131bb500b0b8d00028426393ba7433d0",
      rgba: "000000ff000000ff000000ff000000ff000000ff000000ff"),
    BMPCase(
      "info header, 16-bit bitfields 5-6-5", width: 4, height: 3,
      bmp:
        "424d5a0000000000000042000000280000000400000003000000010010000300000018000000000000000000"
        + "0000000000000000000000f80000e00700001f0000005923aebb121dba29380fbe442a45559ae4736a1b0fec"
        + "8124",
      rgba:
        "737d20ff186d52ffee817bff209108ff08e6c5ff4195f6ff41a552ff9c48acff2069cdffbd7573ff18a194ff"
        + "2934d5ff"),
    BMPCase(
      "info header, 16-bit bitfields 5-5-5", width: 4, height: 3,
      bmp:
        "424d5a0000000000000042000000280000000400000003000000010010000300000018000000000000000000"
        + "00000000000000000000007c0000e00300001f000000fb43145648235799916afd7a5dfbdc854fc5efad6555"
        + "147a",
      rgba:
        "8b527bff5a7b7bffac5a29fff683a4ffd5a48bfff6bdeefff6d5eeff0873e6ff83ffdeffac83a4ff41d541ff"
        + "3152bdff"),
    BMPCase(
      "info header, 24-bit bitfields", width: 3, height: 2,
      bmp:
        "424d5a0000000000000042000000280000000300000002000000010018000300000018000000000000000000"
        + "000000000000000000000000ff0000ff0000ff00000061942316995c743dc8139e3c6e08cc24d2ab351dd11a"
        + "9553",
      rgba: "cc086effabd224ffd11d35ff239461ff5c9916ffc83d74ff"),
    BMPCase(
      "info header, 32-bit bitfields BGRX", width: 3, height: 2,
      bmp:
        "424d5a0000000000000042000000280000000300000002000000010020000300000018000000000000000000"
        + "000000000000000000000000ff0000ff0000ff0000005a708e6cedb6f0a18e68d77df47666bd3f53861a03b9"
        + "f3a9",
      rgba: "6676f4ff86533ffff3b903ff8e705afff0b6edffd7688eff"),
    BMPCase(
      "info header, 32-bit bitfields XBGR", width: 3, height: 2,
      bmp:
        "424d5a0000000000000042000000280000000300000002000000010020000300000018000000000000000000"
        + "00000000000000000000000000ff0000ff0000ff000049bc5e84a64b1a943bd6581396d3eee5de47fc724c5d"
        + "7b74",
      rgba: "e5eed3ff72fc47ff747b5dff845ebcff941a4bff1358d6ff"),
    BMPCase(
      "info header, 32-bit bitfields all zero (Pillow reads BGRA)", width: 3, height: 2,
      bmp:
        "424d5a0000000000000042000000280000000300000002000000010020000300000018000000000000000000"
        + "00000000000000000000000000000000000000000000f29f189035d34b084b7634a10f42b30d4f93820b166d"
        + "0686",
      rgba: "b3420f0d82934f0b066d1686189ff2904bd3350834764ba1"),
    BMPCase(
      "V2 (52) header, 32-bit bitfields in the header, no alpha", width: 3, height: 2,
      bmp:
        "424d5a0000000000000042000000340000000300000002000000010020000300000018000000000000000000"
        + "000000000000000000000000ff0000ff0000ff000000033e5ae9b77fa918aca15cdfae29fd60571558f296cb"
        + "e2c6",
      rgba: "fd29aeff581557ffe2cb96ff5a3e03ffa97fb7ff5ca1acff"),
    BMPCase(
      "V3 (56) header, 32-bit BGRA", width: 3, height: 2,
      bmp:
        "424d5e0000000000000046000000380000000300000002000000010020000300000018000000000000000000"
        + "000000000000000000000000ff0000ff0000ff000000000000ffccac5caf757bee69f69f071814ef36932fee"
        + "c4272028a599",
      rgba: "36ef1493c4ee2f27a52820995cacccafee7b7569079ff618"),
    BMPCase(
      "V4 header, 32-bit RGBA masks", width: 3, height: 2,
      bmp:
        "424d92000000000000007a0000006c0000000300000002000000010020000300000018000000000000000000"
        + "00000000000000000000ff00000000ff00000000ff00000000ff000000000000000000000000000000000000"
        + "00000000000000000000000000000000000000000000000000000000000000000000930e2ce433e471606f39"
        + "b1c9ac5a2d9b8b4344ab059ea5b2",
      rgba: "ac5a2d9b8b4344ab059ea5b2930e2ce433e471606f39b1c9"),
    BMPCase(
      "V5 header, 32-bit ABGR masks", width: 3, height: 2,
      bmp:
        "424da2000000000000008a0000007c0000000300000002000000010020000300000018000000000000000000"
        + "00000000000000000000000000ff0000ff0000ff0000ff000000000000000000000000000000000000000000"
        + "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        + "000000000000a8a8f569d1a10aca3f2ad605e30f473eb3cf5afd0519288e",
      rgba: "3e470fe3fd5acfb38e28190569f5a8a8ca0aa1d105d62a3f"),
    BMPCase(
      "V5 header, 32-bit BGAR masks, top-down", width: 3, height: 2,
      bmp:
        "424da2000000000000008a0000007c00000003000000feffffff010020000300000018000000000000000000"
        + "00000000000000000000000000ff00ff0000ff0000000000ff00000000000000000000000000000000000000"
        + "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        + "00000000000038aac3ca2e843630e917c76204ef5a85f6340e6405804c6f",
      rgba: "caaa38c330842e366217e9c785ef045a6434f60e6f80054c"),
    BMPCase(
      "V5 header, 16-bit 5-6-5", width: 3, height: 2,
      bmp:
        "424d9a000000000000008a0000007c0000000300000002000000010010000300000010000000000000000000"
        + "0000000000000000000000f80000e00700001f00000000000000000000000000000000000000000000000000"
        + "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        + "0000000000006336f7069923146a363bf2df795f4c96",
      rgba: "3965b4ffdeff94ff5aeecdff31ce18ff00debdff2071cdff"),
    BMPCase(
      "V4 header, 32-bit BI_RGB ignores the header's masks", width: 3, height: 2,
      bmp:
        "424d92000000000000007a0000006c0000000300000002000000010020000000000018000000000000000000"
        + "00000000000000000000ff00000000ff00000000ff00000000ff000000000000000000000000000000000000"
        + "00000000000000000000000000000000000000000000000000000000000000000000ff10e9d0ce321fa87133"
        + "e339b06807c71370b3832de80713",
      rgba: "0768b0ffb37013ff07e82dffe910ffff1f32ceffe33371ff"),
    BMPCase(
      "OS/2 2.x (64) header, 8-bit", width: 3, height: 2,
      bmp:
        "424d56040000000000004e040000400000000300000002000000010008000000000008000000000000000000"
        + "00000000000000000000000000000000000000000000000000000000000000000000f5f9f100e387eb000511"
        + "95002dbe9d0059b3990004ccc300830b8600475caa00aba1ee00d4235300aedbb4003642250097870f0022b6"
        + "f30049a12b00ff67ab0054bf7800b4521b0036d72e004e9d2a0087b19e00650e64003a29d4004ee6e4007cc5"
        + "080078ef11002cf96100d87d1d002ac47f00e1158800b03e83003ce3e400621cca004e1e8500982698003860"
        + "5900c289dc003cd533008f240300483998002dba830010de5700687e9b0015995f0038165100ef13b800d820"
        + "6e00808f6c00c4a8f100cb31e4000cd348008d5d00003de097007ac28d004ca5ca00b9817a0036c611000edc"
        + "3d006891a400aa45e20067688300cad90c00b7ba3a00aa70a900ce893d0079ad77006d41c2006ac4f80031f4"
        + "e30053c9c2005bb6720057dd8100310a5500b90843000fa0cb00e221bf00236d510086cc0f004bba65000285"
        + "44003e6939002f50b700a70da100f20dd300c301090039b5dd0039bc5a00b1d5d400cc3b6200f7bb0f006944"
        + "8400635f59007e37690028fa3100539003001cda9a000b340000125882000fb0e60054bde60098d47c004a5a"
        + "7600476a4a004e35c700ff6a2900ac36ea00b9fd1400378518009d8ff00077258600ae78f7007b606700041c"
        + "e000af811800a99355001345a300aafd4f005d563900a6586a007a0c4e00f23d3a0058210a006c4b7b008be0"
        + "c700065bc20063659400283d9300ca051f000940770034aad400adf7dc001d924500e1f0730035d30f00f335"
        + "2900d8459700ea292e00550dd90059b192005a3e5a003a3656007d25be00dfe15a00fc397000803f89003192"
        + "570007773c0047abc400ea16250022125d006fd23c00d6aab4001a75ca00216377000d2a1500e4613600da03"
        + "79003338c700c80e9f00be60f0002bc732009ec3640032be8a002a9b920094d3410076da89000e326500cfb0"
        + "fe0031dbea0071a2d3001492f400ab09e6004be00c0057c03b006a996d0020f34a00380b370095fa1300da68"
        + "4d007c037000dde0e000d1a0fa0011415600526b150077de1d0000a029009f1139008e2a3800fc478a00dcf7"
        + "d800e709e400175947003f8ae100fe512a00efb72e008d747f002a3ba700072a58002cd6f4003e2527003a5f"
        + "e800846227001f8b1b0040a05600a2aabb00ea8805006cd6ec00c5e6af00b6a64c0081e40000a15ebc008321"
        + "7f00e867b600f7847300068102009dd3b000567ab5006cb7c2008dfe21002f8b460035f6380029276300e1ef"
        + "790025425200a053a600cc71990046a69c00ea625100fbe1ed00a9324a00a2a28300aaa06800269df400e035"
        + "de0088a6270055a6a300491b0f0056c7b200d2ffa700da512500e3ad1b000a002d00d04fe600885d7a00b9ad"
        + "61004e748900aeda940002a4fb00b4276c00e5520e00b468e100392a66002f2dee0047ccaf006ed9af004c56"
        + "2b00a27962df7dcb2d95",
      rgba: "946563ff56a040ffb813efff8abe32ff0a2158ffe6b00fff"),
    BMPCase(
      "OS/2 2.x (64) header, 24-bit", width: 3, height: 2,
      bmp:
        "424d66000000000000004e000000400000000300000002000000010018000000000018000000000000000000"
        + "000000000000000000000000000000000000000000000000000000000000000000002e073ee39f73e3bffe70"
        + "aba8a51d52fec054d82560d93824",
      rgba: "521da5ff54c0feff6025d8ff3e072eff739fe3fffebfe3ff"),
    BMPCase(
      "RLE8: encoded runs, end of line, end of bitmap", width: 4, height: 3,
      bmp:
        "424d880000000000000076000000280000000400000003000000010008000100000012000000000000000000"
        + "00001000000000000000816d2000d6fcc600d9fb640023616b0090a20e00e686760003d4dd007002b800572c"
        + "f600da9206007a4440005cae880047f93f002fafaa007dff9200ecec0d000401000002020203000003040105"
        + "00000001",
      rgba:
        "0ea290ff0ea290ff0ea290ff7686e6ff64fbd9ff64fbd9ff6b6123ff6b6123ffc6fcd6ffc6fcd6ffc6fcd6ff"
        + "c6fcd6ff"),
    BMPCase(
      "RLE8: absolute runs with padding, delta, run cut at the row end", width: 5, height: 4,
      bmp:
        "424d92000000000000007600000028000000050000000400000001000800010000001c000000000000000000"
        + "00001000000000000000816d2000d6fcc600d9fb640023616b0090a20e00e686760003d4dd007002b800572c"
        + "f600da9206007a4440005cae880047f93f002fafaa007dff9200ecec0d000003010203000109000000020101"
        + "0907000000050506070809000001",
      rgba:
        "7686e6ffddd403ffb80270fff62c57ff0692daff206d81ffb80270ffb80270ffb80270ffb80270ff206d81ff"
        + "206d81ff206d81ff206d81ff206d81ffc6fcd6ff64fbd9ff6b6123ff0692daff206d81ff"),
    BMPCase(
      "RLE8: top-down", width: 3, height: 2,
      bmp:
        "424d8200000000000000760000002800000003000000feffffff01000800010000000c000000000000000000"
        + "00001000000000000000816d2000d6fcc600d9fb640023616b0090a20e00e686760003d4dd007002b800572c"
        + "f600da9206007a4440005cae880047f93f002fafaa007dff9200ecec0d00030100000102020300000001",
      rgba: "c6fcd6ffc6fcd6ffc6fcd6ff64fbd9ff6b6123ff6b6123ff"),
    BMPCase(
      "RLE4: alternating nibbles, absolute run, delta", width: 6, height: 3,
      bmp:
        "424d8e0000000000000076000000280000000600000003000000010004000200000018000000000000000000"
        + "0000100000000000000060399c00982cb600211e52008ea4ff00fad19100e6ddbd000c36b5008a674a00972e"
        + "3900464010008d7ff200945f630036d6e700e778c20055449300bdd759000612000000053456700001f00000"
        + "0002020003ab00000001",
      rgba:
        "9c3960ff9c3960fff27f8dff635f94fff27f8dff9c3960ffffa48eff91d1faffbddde6ffb5360cff4a678aff"
        + "59d7bdffb62c98ff521e21ffb62c98ff521e21ffb62c98ff521e21ff"),
    BMPCase(
      "RLE4: odd-length encoded run", width: 5, height: 1,
      bmp:
        "424d7c0000000000000076000000280000000500000001000000010004000200000006000000000000000000"
        + "00000000000000000000e9929f00a0e5fa00c16a9400dc3c2400f0000d002b26d10013ae80005452bf00447d"
        + "d7003806610032fbfb0059d5810028f5e400ce2285009b13ca007f8ba600059c00000001",
      rgba: "610638ffe4f528ff610638ffe4f528ff610638ff"),
    BMPCase(
      "RLE8: delta past the end fills with index 0", width: 3, height: 3,
      bmp:
        "424d80000000000000007600000028000000030000000300000001000800010000000a000000000000000000"
        + "00001000000000000000816d2000d6fcc600d9fb640023616b0090a20e00e686760003d4dd007002b800572c"
        + "f600da9206007a4440005cae880047f93f002fafaa007dff9200ecec0d0001040002010500000001",
      rgba: "206d81ff206d81ff206d81ff206d81ff206d81ff206d81ff0ea290ff206d81ff206d81ff"),
    BMPCase(
      "RLE4 runs with an 8-bit palette (Pillow: the compression decides)", width: 4, height: 2,
      bmp:
        "424d40040000000000003604000028000000040000000200000001000800020000000a000000000000000000"
        + "00000000000000000000edbf8800465f0300aded2900ab14c20056e7d800505679001a38430020c434009568"
        + "7200d72c88006bcb8f00ae16660002d21c00c1fb47000c79d90039013e006567a900042a4400082bfe0065d7"
        + "2300cb622f004a5815001b8a4c0089113e00ce79520016bb2c00b138bb00e76bcd006509c200a800dd00396d"
        + "7100e38aa6002d9d9100341c0d00c3dbfe00b17f2100d9763100cdbebd0047945700840f1900588654003d4b"
        + "0600181fe6006ac7960007b5910048f68e00462c97003c21d700e748c400568cfd00b23218008d4158002b53"
        + "710006675a00f2e9c6002a58f60086220e00df9e21009920720046343300fbe81e00fa1b0e00bf7cea0076be"
        + "fd007c122b0018d1d00023296000115c2b00210fb500f0f30d0026aa2b00a404ed00e54cc500f4463600b276"
        + "e7004262710037381a003d262a00be350c00ef66bd002978020083650700e0810b0034d51d0080f3a100701e"
        + "8c00439913005fb4ce00039a30000fa2e0007ed5a400fbb1cc00dc6a28008d9aec00eee9e100c55fa800cd1e"
        + "a6002f57a2000d606c00ba462b00ace4c5006cab260009d7f00074a53200ed0191006924720005a115002e4c"
        + "a8005331ce00cac74500b6b78a0067a4c5005d5b5700049c0a008ef5da002f8b910049e7f500765ba9004bb1"
        + "1a008eb00d005f31e80044ae6b0044d86e0067d8050019b5fe00be1fbe00cceddf00613255002bb585007ef0"
        + "5f0006ab7200580e1c0066ad910042a99800ca122700cf7de800ed15a00058496600c34dc20010cb470092d5"
        + "f6005c30ff008581bf00b10765001eed9f003469070065ed3f00829e970073055b00d48bbd00b2a552000e44"
        + "6b002d186b000984e000b7b4260030d1da005a1e7c004fd7ba0062b2d1001152a0008dea940093dfd800351d"
        + "b70072d38400bae7bf0021d05d00203ca500d8fd09009ede2800c7846300f1560f007b9504003c026600e134"
        + "c2008c5f25009d49d7005d659c00f291f300a0ed1d00f42d2900d0ac2500f4534c00fad3fe003b069100e028"
        + "8700568d0300a8e2be00a5595200a2a3a900f429a60091308200991ec900f2239c00d377e70096c0e700156b"
        + "54003c2328002f930400f6941b00e45751002c8831003d518000be8572006664fc0063d08900ee7dce002d82"
        + "88004d5e0a00c344e900ff3e3600c6c9aa004471ac0078b72b00372b0000b9edbc0070e50300e783ae0050bc"
        + "20009669880052cf3e000d794d00085c2400ce41d6008ff52500d44c8f00374d4800f4850300bc3290003c00"
        + "7500f554b4008d655400ac0978002a620400cc03f6000a1a6100999b2400df6b68002f3029006ea31300eb5e"
        + "8c00b732880083491d0014ba280049a8080086795a000d1bda0002b2250043634800eaeca200e5fd720064f0"
        + "8a00e21ff1006a48e50051f13900d9bf5f00abee300004120000000434560001",
      rgba: "c214abffd8e756ff795650ff43381aff035f46ff29edadff035f46ff29edadff"),
    BMPCase(
      "RLE8 runs with a 1-bit palette", width: 3, height: 1,
      bmp:
        "424d44000000000000003e000000280000000300000001000000010001000100000006000000000000000000"
        + "0000000000000000000011452100bc238300020101000001",
      rgba: "8323bcff8323bcff214511ff"),
    BMPCase(
      "V5 header, 16-bit 5-5-5 with an alpha mask: Pillow ignores the alpha", width: 3, height: 2,
      bmp:
        "424d9a000000000000008a0000007c0000000300000002000000010010000300000010000000000000000000"
        + "00000000000000000000007c0000e00300001f00000000800000000000000000000000000000000000000000"
        + "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        + "00000000000012803400ffff000000802143ab7c0000",
      rgba: "000000ff83cd08ffff295aff000094ff0008a4ffffffffff"),
  ]

  static func bytes(hex: String) -> [UInt8] {
    var out: [UInt8] = []
    var high: UInt8?
    for character in hex.utf8 {
      let value: UInt8 = character <= 57 ? character - 48 : character - 87
      if let first = high {
        out.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    return out
  }

  @Test("photos decode to Pillow's pixels", .enabled(if: SharedData.isAvailable), arguments: photos)
  func photo(_ photo: Photo) throws {
    let image = try BMPDecoder.decode(try SharedData.bytes("images/\(photo.description)"))
    #expect(image.width == photo.width)
    #expect(image.height == photo.height)
    #expect(image.format == .bmp)
    #expect(image.exifOrientation == 1)
    #expect(image.rgba.count == photo.width * photo.height * 4)
    for point in photo.pixels {
      let offset = (point[1] * photo.width + point[0]) * 4
      #expect(
        Array(image.rgba[offset..<offset + 4]) == [
          UInt8(point[2]), UInt8(point[3]), UInt8(point[4]), 255,
        ], "pixel (\(point[0]), \(point[1]))")
    }
    let sums = (0..<3).map { channel in
      stride(from: channel, to: image.rgba.count, by: 4).reduce(0) { $0 + Int(image.rgba[$1]) }
    }
    #expect(sums == photo.sums)
    #expect(SHA256.hex(image.rgba) == photo.sha256)
  }

  @Test("hand-built files decode exactly as Pillow 13 decodes them", arguments: pillowCases)
  func pillowCase(_ testCase: BMPCase) throws {
    let image = try BMPDecoder.decode(Self.bytes(hex: testCase.bmp))
    #expect(image.width == testCase.width)
    #expect(image.height == testCase.height)
    #expect(image.rgba == Self.bytes(hex: testCase.rgba))
  }

  /// A BMP with a 40-byte (or larger) info header; `extra` follows the 40 bytes (masks, V4/V5
  /// fields), then `palette`, then `pixels`.
  static func infoBMP(
    width: Int32, height: Int32, bits: UInt16, compression: UInt32, headerSize: Int = 40,
    headerMasks: [UInt32] = [], extra: [UInt8] = [], palette: [UInt8] = [], colors: UInt32 = 0,
    pixels: [UInt8], pixelOffset: UInt32? = nil
  ) -> [UInt8] {
    func le32(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    var header =
      le32(UInt32(headerSize)) + le32(UInt32(bitPattern: width)) + le32(UInt32(bitPattern: height))
    header +=
      le16(1) + le16(bits) + le32(compression) + le32(UInt32(pixels.count)) + le32(0) + le32(0)
    header += le32(colors) + le32(0)
    var tail = headerMasks.flatMap(le32)
    tail += [UInt8](repeating: 0, count: max(0, headerSize - 40 - tail.count))
    header += tail
    let offset = pixelOffset ?? UInt32(14 + header.count + extra.count + palette.count)
    return [0x42, 0x4D] + le32(offset + UInt32(pixels.count)) + le32(0) + le32(offset) + header
      + extra
      + palette + pixels
  }

  @Test("BI_ALPHABITFIELDS (which Pillow rejects): 16-bit A4R4G4B4 masks after the info header")
  func alphaBitFields() throws {
    // Masks R 0x0F00, G 0x00F0, B 0x000F, A 0xF000; pixels 0xF0F0 and 0x8F0A, one row padded to 4.
    let masks: [UInt8] = [0x00, 0x0F, 0, 0, 0xF0, 0, 0, 0, 0x0F, 0, 0, 0, 0, 0xF0, 0, 0]
    let file = Self.infoBMP(
      width: 2, height: 1, bits: 16, compression: 6, extra: masks, pixels: [0xF0, 0xF0, 0x0A, 0x8F])
    let image = try BMPDecoder.decode(file)
    // 4-bit values scale as v × 255 / 15 = v × 17.
    #expect(image.rgba == [0, 255, 0, 255, 255, 0, 170, 136])
  }

  @Test("10-10-10-2 bit-field masks (Pillow rejects them) scale as v × 255 / max, rounded down")
  func wideMasks() throws {
    // R 0x3FF00000, G 0x000FFC00, B 0x000003FF, A 0xC0000000 in a V5 header.
    let value: UInt32 = 0x3FF << 20 | 512 << 10 | 1 | 2 << 30
    let pixel = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    let file = Self.infoBMP(
      width: 1, height: 1, bits: 32, compression: 3, headerSize: 124,
      headerMasks: [0x3FF0_0000, 0x000F_FC00, 0x0000_03FF, 0xC000_0000], pixels: pixel)
    let image = try BMPDecoder.decode(file)
    #expect(image.rgba == [255, UInt8(512 * 255 / 1023), 0, UInt8(2 * 255 / 3)])
  }

  @Test("RLE8 ending early with end-of-bitmap leaves the rest at palette index 0 (Pillow fails)")
  func rleEarlyEnd() throws {
    let palette: [UInt8] = [10, 20, 30, 0, 40, 50, 60, 0]
    // 3×2, bottom-up: the bottom row gets 3 pixels of index 1, then end-of-bitmap.
    let file = Self.infoBMP(
      width: 3, height: 2, bits: 8, compression: 1, palette: palette, colors: 2,
      pixels: [3, 1, 0, 1])
    let image = try BMPDecoder.decode(file)
    let index0: [UInt8] = [30, 20, 10, 255]
    let index1: [UInt8] = [60, 50, 40, 255]
    #expect(image.rgba == index0 + index0 + index0 + index1 + index1 + index1)
  }

  @Test("RLE data that runs out before end-of-bitmap is truncated, as in Pillow")
  func rleTruncated() {
    let file = Self.infoBMP(
      width: 3, height: 2, bits: 8, compression: 1, palette: [0, 0, 0, 0], colors: 1,
      pixels: [3, 0, 0, 0])
    #expect(throws: DecodeError.self) { try BMPDecoder.decode(file) }
    do {
      _ = try BMPDecoder.decode(file)
    } catch {
      guard case .truncated(.bmp, _, _) = error else {
        Issue.record("expected .truncated, got \(error)")
        return
      }
    }
  }

  @Test("unsupported compressions, depths and headers throw .unsupported")
  func unsupported() {
    let cases: [(String, [UInt8])] = [
      (
        "BI_JPEG",
        Self.infoBMP(width: 1, height: 1, bits: 24, compression: 4, pixels: [0, 0, 0, 0])
      ),
      (
        "BI_PNG", Self.infoBMP(width: 1, height: 1, bits: 24, compression: 5, pixels: [0, 0, 0, 0])
      ),
      ("CMYK", Self.infoBMP(width: 1, height: 1, bits: 32, compression: 11, pixels: [0, 0, 0, 0])),
      (
        "2 bits per pixel",
        Self.infoBMP(
          width: 1, height: 1, bits: 2, compression: 0, palette: [UInt8](repeating: 0, count: 16),
          pixels: [0, 0, 0, 0])
      ),
      (
        "a 20-byte header",
        Self.infoBMP(width: 1, height: 1, bits: 24, compression: 0, pixels: [0, 0, 0, 0])
          .enumerated().map { $0.offset == 14 ? 20 : $0.element }
      ),
      (
        "OS/2 Huffman",
        Self.infoBMP(
          width: 8, height: 1, bits: 1, compression: 3, headerSize: 64,
          palette: [0, 0, 0, 0, 255, 255, 255, 0], pixels: [0, 0, 0, 0])
      ),
      (
        "non-contiguous mask",
        Self.infoBMP(
          width: 1, height: 1, bits: 16, compression: 3,
          extra: [0x05, 0, 0, 0, 0xE0, 0x07, 0, 0, 0, 0xF8, 0, 0], pixels: [0, 0, 0, 0])
      ),
    ]
    for (name, file) in cases {
      do {
        let image = try BMPDecoder.decode(file)
        Issue.record("\(name): decoded \(image.width)×\(image.height) instead of throwing")
      } catch {
        guard case .unsupported(.bmp, _) = error else {
          Issue.record("\(name): expected .unsupported, got \(error)")
          continue
        }
      }
    }
  }

  @Test("hostile headers throw typed errors without allocating or trapping")
  func hostile() {
    let valid = Self.infoBMP(
      width: 2, height: 2, bits: 24, compression: 0, pixels: [UInt8](repeating: 7, count: 16))
    #expect(
      (try? BMPDecoder.decode(valid))?.rgba
        == Array(repeating: [7, 7, 7, 255], count: 4).flatMap { $0 })
    var cases: [(String, [UInt8], (DecodeError) -> Bool)] = []
    func isTruncated(_ error: DecodeError) -> Bool {
      if case .truncated = error { return true } else { return false }
    }
    func isInvalid(_ error: DecodeError) -> Bool {
      if case .invalid = error { return true } else { return false }
    }
    func isTooLarge(_ error: DecodeError) -> Bool {
      if case .tooLarge = error { return true } else { return false }
    }
    cases.append(("file header only", Array(valid.prefix(14)), isTruncated))
    cases.append(("half an info header", Array(valid.prefix(40)), isTruncated))
    cases.append(("missing last row", Array(valid.prefix(valid.count - 5)), isTruncated))
    cases.append(
      (
        "width 0", Self.infoBMP(width: 0, height: 2, bits: 24, compression: 0, pixels: []),
        isInvalid
      ))
    cases.append(
      (
        "negative width", Self.infoBMP(width: -5, height: 2, bits: 24, compression: 0, pixels: []),
        isInvalid
      ))
    cases.append(
      (
        "height 0", Self.infoBMP(width: 2, height: 0, bits: 24, compression: 0, pixels: []),
        isInvalid
      ))
    cases.append(
      (
        "2^31-1 × 2^31-1",
        Self.infoBMP(width: .max, height: .max, bits: 32, compression: 0, pixels: []), isTooLarge
      ))
    cases.append(
      (
        "Int32.min height",
        Self.infoBMP(width: 1, height: .min, bits: 32, compression: 0, pixels: []), isTooLarge
      ))
    cases.append(
      (
        "65,536 × 65,536",
        Self.infoBMP(
          width: 65536, height: 65536, bits: 1, compression: 0,
          palette: [0, 0, 0, 0, 255, 255, 255, 0], pixels: []), isTooLarge
      ))
    cases.append(
      (
        "pixel offset past the end",
        Self.infoBMP(
          width: 2, height: 2, bits: 24, compression: 0, pixels: [1, 2, 3], pixelOffset: 0xFFFF_FFF0
        ), isTruncated
      ))
    cases.append(
      (
        "palette of 2^32-1 colors",
        Self.infoBMP(
          width: 1, height: 1, bits: 8, compression: 0, colors: .max, pixels: [0, 0, 0, 0]),
        isInvalid
      ))
    cases.append(
      (
        "RLE8 with 24 bits",
        Self.infoBMP(width: 1, height: 1, bits: 24, compression: 1, pixels: [0, 1]), isInvalid
      ))
    cases.append(
      (
        "bit fields on 8 bits",
        Self.infoBMP(width: 1, height: 1, bits: 8, compression: 3, pixels: [0, 0, 0, 0]), isInvalid
      ))
    cases.append(
      (
        "bit-field masks cut off",
        Array(Self.infoBMP(width: 1, height: 1, bits: 16, compression: 3, pixels: []).prefix(60)),
        isTruncated
      ))
    cases.append(("not BM", [0x42, 0x41] + valid.dropFirst(2), isInvalid))
    for (name, file, matches) in cases {
      do {
        let image = try BMPDecoder.decode(file)
        Issue.record("\(name): decoded \(image.width)×\(image.height) instead of throwing")
      } catch {
        #expect(matches(error), "\(name): \(error)")
        #expect(!error.description.isEmpty)
      }
    }
  }

  @Test("limits: maxPixels, maxDimension and maxDecodedBytes are checked before allocating")
  func limits() throws {
    let file = Self.infoBMP(
      width: 4, height: 4, bits: 24, compression: 0, pixels: [UInt8](repeating: 1, count: 48))
    #expect(try BMPDecoder.decode(file, limits: DecodeLimits(maxPixels: 16)).width == 4)
    #expect(throws: DecodeError.tooLarge(format: .bmp, width: 4, height: 4, limit: .pixels(15))) {
      try BMPDecoder.decode(file, limits: DecodeLimits(maxPixels: 15))
    }
    #expect(
      throws: DecodeError.tooLarge(format: .bmp, width: 4, height: 4, limit: .dimension(3))
    ) {
      try BMPDecoder.decode(file, limits: DecodeLimits(maxDimension: 3))
    }
    #expect(
      throws: DecodeError.tooLarge(format: .bmp, width: 4, height: 4, limit: .decodedBytes(63))
    ) {
      try BMPDecoder.decode(file, limits: DecodeLimits(maxDecodedBytes: 63))
    }
    #expect(try BMPDecoder.decode(file, limits: DecodeLimits(maxDecodedBytes: 64)).rgba.count == 64)
  }
}
