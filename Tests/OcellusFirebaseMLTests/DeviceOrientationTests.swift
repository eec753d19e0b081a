import Imaging
import OcellusFirebaseML
import Testing

/// The device/camera → image orientation tables of BEHAVIOR.md F.3 (current ML Kit sample) and the
/// legacy Firebase docs, every cell, plus BEHAVIOR.md D-9's fallback for faceUp/faceDown/unknown.
@Suite("Device and camera orientation")
struct DeviceOrientationTests {
  /// BEHAVIOR.md F.3, current sample: (device, back camera, front camera).
  static let currentTable: [(DeviceOrientation, ImageOrientation, ImageOrientation)] = [
    (.portrait, .right, .leftMirrored),
    (.landscapeLeft, .up, .downMirrored),
    (.portraitUpsideDown, .left, .rightMirrored),
    (.landscapeRight, .down, .upMirrored),
  ]

  /// Legacy Firebase detect-faces table in VisionDetectorImageOrientation terms.
  static let legacyTable:
    [(DeviceOrientation, VisionDetectorImageOrientation, VisionDetectorImageOrientation)] = [
      (.portrait, .rightTop, .leftTop),
      (.landscapeLeft, .topLeft, .bottomLeft),
      (.portraitUpsideDown, .leftBottom, .rightBottom),
      (.landscapeRight, .bottomRight, .topRight),
    ]

  /// The interface (status-bar) orientation and the device orientation it stands for
  /// (landscape swapped, as the ML Kit sample's `currentUIOrientation()` does).
  static let interfaceToDevice: [(InterfaceOrientation, DeviceOrientation)] = [
    (.portrait, .portrait),
    (.portraitUpsideDown, .portraitUpsideDown),
    (.landscapeLeft, .landscapeRight),
    (.landscapeRight, .landscapeLeft),
  ]

  @Test("UIKit / AVFoundation raw values")
  func rawValues() {
    #expect(DeviceOrientation.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6])
    #expect(
      DeviceOrientation.allCases == [
        .unknown, .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight, .faceUp,
        .faceDown,
      ])
    #expect(InterfaceOrientation.portrait.rawValue == 1)
    #expect(InterfaceOrientation.portraitUpsideDown.rawValue == 2)
    #expect(InterfaceOrientation.landscapeLeft.rawValue == 4)
    #expect(InterfaceOrientation.landscapeRight.rawValue == 3)
    #expect(InterfaceOrientation(rawValue: 0) == nil)
    #expect(CameraPosition.back.rawValue == 1 && CameraPosition.front.rawValue == 2)
  }

  @Test("every cell of the current table, for every interface orientation")
  func currentTableCells() {
    #expect(Self.currentTable.count == 4)
    for (device, back, front) in Self.currentTable {
      for interface in InterfaceOrientation.allCases {
        #expect(
          ImageOrientation.forCamera(device: device, camera: .back, interface: interface) == back,
          "\(device) back")
        #expect(
          ImageOrientation.forCamera(device: device, camera: .front, interface: interface)
            == front, "\(device) front")
      }
    }
  }

  @Test("every cell of the legacy table, for every interface orientation")
  func legacyTableCells() {
    #expect(Self.legacyTable.count == 4)
    for (device, back, front) in Self.legacyTable {
      for interface in InterfaceOrientation.allCases {
        #expect(
          VisionDetectorImageOrientation.forCamera(
            device: device, camera: .back, interface: interface) == back, "\(device) back")
        #expect(
          VisionDetectorImageOrientation.forCamera(
            device: device, camera: .front, interface: interface) == front, "\(device) front")
      }
    }
  }

  @Test("the legacy table is the current table in EXIF terms")
  func tablesAgree() {
    for ((device, back, front), (legacyDevice, legacyBack, legacyFront)) in zip(
      Self.currentTable, Self.legacyTable)
    {
      #expect(device == legacyDevice)
      #expect(back.legacy == legacyBack && front.legacy == legacyFront, "\(device)")
      #expect(back.exifValue == legacyBack.rawValue && front.exifValue == legacyFront.rawValue)
    }
  }

  @Test(
    "faceUp, faceDown and unknown fall back to the interface orientation (BEHAVIOR.md D-9)",
    arguments: [DeviceOrientation.faceUp, .faceDown, .unknown])
  func flatFallback(device: DeviceOrientation) throws {
    for (interface, equivalentDevice) in Self.interfaceToDevice {
      let row = try #require(Self.currentTable.first { $0.0 == equivalentDevice })
      let legacyRow = try #require(Self.legacyTable.first { $0.0 == equivalentDevice })
      let back = ImageOrientation.forCamera(device: device, camera: .back, interface: interface)
      let front = ImageOrientation.forCamera(device: device, camera: .front, interface: interface)
      #expect(back == row.1, "\(device) back, interface \(interface)")
      #expect(front == row.2, "\(device) front, interface \(interface)")
      #expect(!back.isMirrored, "a back-camera fallback must never be mirrored")
      #expect(
        VisionDetectorImageOrientation.forCamera(
          device: device, camera: .back, interface: interface) == legacyRow.1)
      #expect(
        VisionDetectorImageOrientation.forCamera(
          device: device, camera: .front, interface: interface) == legacyRow.2)
      // Neither Firebase snippet's constant: not the Swift snippet's mirrored `.leftTop` for
      // the back camera, and not a blind `.topLeft` / `.up` in portrait.
      #expect(
        VisionDetectorImageOrientation.forCamera(
          device: device, camera: .back, interface: interface) != .leftTop)
    }
    #expect(
      ImageOrientation.forCamera(device: device, camera: .back, interface: .portrait) == .right)
  }

  @Test("interface ⇄ device conversion swaps the landscapes")
  func interfaceDeviceSwap() {
    for (interface, device) in Self.interfaceToDevice {
      #expect(DeviceOrientation(interface: interface) == device, "\(interface)")
      #expect(InterfaceOrientation(device: device) == interface, "\(device)")
      for camera in CameraPosition.allCases {
        #expect(
          ImageOrientation.forCamera(interface: interface, camera: camera)
            == ImageOrientation.forCamera(device: device, camera: camera, interface: interface))
      }
    }
    for device in [DeviceOrientation.faceUp, .faceDown, .unknown] {
      #expect(InterfaceOrientation(device: device) == nil)
      #expect(!device.isValidInterfaceOrientation)
    }
    // Device landscapeLeft (home button right) is interface landscapeRight: both 3.
    #expect(
      DeviceOrientation.landscapeLeft.rawValue == InterfaceOrientation.landscapeRight.rawValue)
    #expect(ImageOrientation.forCamera(interface: .landscapeRight, camera: .back) == .up)
    #expect(ImageOrientation.forCamera(interface: .landscapeLeft, camera: .back) == .down)
  }

  @Test("the device table agrees with the legacy enum for all 7 × 2 × 4 inputs")
  func fullCrossCheck() {
    for device in DeviceOrientation.allCases {
      for camera in CameraPosition.allCases {
        for interface in InterfaceOrientation.allCases {
          let current = ImageOrientation.forCamera(
            device: device, camera: camera, interface: interface)
          let legacy = VisionDetectorImageOrientation.forCamera(
            device: device, camera: camera, interface: interface)
          #expect(current.legacy == legacy, "\(device) \(camera) \(interface)")
          #expect(current.isMirrored == (camera == .front), "\(device) \(camera) \(interface)")
        }
      }
    }
  }
}
