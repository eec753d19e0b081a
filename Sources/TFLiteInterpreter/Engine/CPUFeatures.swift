public import OcellusKernels

/// The instruction-set extensions of the CPU this process runs on: `OcellusKernels.CPUFeatures`
/// (the base kernel module, so that ImageCodecs picks its JPEG kernels from the same
/// detection), under this module's name as before.
public typealias CPUFeatures = OcellusKernels.CPUFeatures
