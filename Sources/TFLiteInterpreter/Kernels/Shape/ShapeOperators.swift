import TFLiteModel

/// Every shape and data-movement operator: CONCATENATION, PACK, RESHAPE, SQUEEZE, EXPAND_DIMS,
/// PAD, PADV2, SLICE, STRIDED_SLICE, TRANSPOSE, DEPTH_TO_SPACE, SPACE_TO_DEPTH, SPLIT, SPLIT_V,
/// UNPACK, SHAPE, GATHER, GATHER_ND, SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND, TILE, BROADCAST_TO,
/// REVERSE_V2, MIRROR_PAD, BROADCAST_ARGS, DYNAMIC_UPDATE_SLICE, FILL, ZEROS_LIKE and RANGE.
enum ShapeOperators {
  /// The registrations of all the shape kernels, one table per kernel family, for
  /// ``KernelRegistry`` (which fails every load if two families register one operator).
  static let families: [[KernelRegistration]] = [
    ConcatenationKernel.registrations, ReshapeKernel.registrations, PadKernel.registrations,
    ViewKernel.registrations, SplitKernel.registrations, ShapeKernel.registrations,
    GatherKernel.registrations, SpaceBatchKernel.registrations, GatherNdKernel.registrations,
    MirrorPadKernel.registrations, BroadcastArgsKernel.registrations,
    DynamicUpdateSliceKernel.registrations,
    FillKernel.registrations, RangeKernel.registrations,
  ]
}
