// The packers quantize into, and the heads dequantize from, the model reader's per-tensor
// quantization: re-exported so `import Imaging` alone names it.
@_exported import struct TFLiteModel.TensorQuantization
