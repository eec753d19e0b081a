#!/usr/bin/env python3
"""Builds a zoo of .tflite models like the ones users bring: common architectures with random
weights, put through the converters people use, in the quantization forms they ship.

Every model is `<arch>_<converter>_<mode>.tflite` in .build/zoo/users/ (not committed), with
manifest.json beside them (name, arch, converter, mode, layout, input shape and dtype). The
zoo is seeded and only missing models are built, so a rerun after a deletion rebuilds just
that one. No pretrained weights are downloaded: torchvision and timm networks are built with
their random initialization, Keras applications with weights=None, and calibration uses
seeded random images.

Converters:
  litert-torch  torch -> TFLite directly (formerly ai-edge-torch). NCHW inputs and a TRANSPOSE
                into the NHWC graph, unless the arch ends in _nhwc (to_channel_last_io).
                int8: PT2E static per-channel quantization (int8 I/O); hybrid: PT2E dynamic or
                ai-edge-quantizer dynamic_wi8_afp32; fp16: ai-edge-quantizer float casting.
  onnx2tf       torch -> ONNX (opset 17) -> onnx2tf -> TF converter. NHWC, or NCHW input kept
                with -k. fp32/fp16/hybrid are its *_float32, *_float16, *_dynamic_range_quant
                outputs; int8 is *_full_integer_quant (int8 I/O), int8f *_integer_quant (float
                I/O), int16x8 *_full_integer_quant_with_int16_act.
  tfconv        Keras -> tf.lite.TFLiteConverter (NHWC). int8 has int8 I/O; hybrid is
                Optimize.DEFAULT without data; fp16 is float16 weights.

Modes: fp32, fp16 (float16 weights, DEQUANTIZE to float), hybrid (int8 weights, float
activations: dynamic range), int8 (full integer), int8f, int16x8.

Setup (a venv of its own: onnx2tf pins TF 2.19 / ai-edge-litert 2.1 / numpy 1.26, which
clash with litert-torch's ai-edge-litert 2.3; it runs fine without its pins):

    python3.11 -m venv /work/venv-zoo
    /work/venv-zoo/bin/pip install /opt/wheels/torch-2.13.0+cpu-cp311-cp311-manylinux_2_28_x86_64.whl
    /work/venv-zoo/bin/pip install torchvision==0.28.0 timm==1.0.31 litert-torch==0.10.0
    /work/venv-zoo/bin/pip install tensorflow-cpu==2.20.0 tf-keras==2.20.1 onnx==1.23.2 \\
        onnxruntime==1.32.0 onnxsim==0.8.1 onnx-graphsurgeon==0.6.1 sng4onnx==2.0.1 psutil \\
        onnxscript==0.7.2
    /work/venv-zoo/bin/pip install --no-deps onnx2tf==1.29.24

(litert-torch 0.10.0 brings ai-edge-litert 2.3.0, ai-edge-quantizer 0.10.0, torchao 0.18.0.)

    /work/venv-zoo/bin/python tools/build_zoo.py [--only SUBSTRING ...] [--list] [--out DIR]

About 25 minutes single-threaded for the whole zoo (onnx2tf is most of it: about 2 minutes an
arch). Converter output goes to build.log in the zoo; a converter that fails on an arch is
reported and skipped. Then time the zoo against LiteRT:

    /work/venv/bin/python tools/bench_models.py .build/zoo/users/*.tflite --runs 30 --rounds 2
"""
import os

for _name in ("OMP_NUM_THREADS", "TF_NUM_INTEROP_THREADS", "TF_NUM_INTRAOP_THREADS"):
    os.environ.setdefault(_name, "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import argparse
import dataclasses
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Callable

import numpy as np
import torch
from torch import nn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZOO = os.path.join(ROOT, ".build", "zoo", "users")
SEED = 7
CALIBRATION_COUNT = 8


@dataclasses.dataclass
class Entry:
    arch: str
    build: Callable[[], object]
    shape: tuple  # the model's input shape, batch 1, in its own layout
    modes: list
    layout: str
    options: tuple = ()  # extra converter flags, as users add them


# --- torch networks ------------------------------------------------------------------------

_TORCHVISION_OPS = None


def import_torchvision():
    """torchvision from PyPI is linked against CUDA torch: with the CPU torch wheel its _C ops
    fail to load, and its import then dies registering fake kernels for torchvision::nms and
    qnms. Defining those two schemas first is enough for the classifiers (they call no ops)."""
    global _TORCHVISION_OPS
    package = importlib.util.find_spec("torchvision").submodule_search_locations[0]
    try:
        torch.ops.load_library(os.path.join(package, "_C.so"))
    except OSError:
        if _TORCHVISION_OPS is None:
            _TORCHVISION_OPS = torch.library.Library("torchvision", "DEF")
            for op in ("nms", "qnms"):
                _TORCHVISION_OPS.define(
                    f"{op}(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
    import torchvision
    return torchvision


def tv(name, **kwargs):
    return lambda: getattr(import_torchvision().models, name)(weights=None, **kwargs)


def timm_model(name):
    def build():
        import_torchvision()
        import timm
        return timm.create_model(name, pretrained=False)
    return build


def conv_bn(cin, cout, kernel=3, stride=1, act=nn.SiLU):
    return nn.Sequential(nn.Conv2d(cin, cout, kernel, stride, kernel // 2, bias=False),
                         nn.BatchNorm2d(cout), act())


class Bottleneck(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.cv1, self.cv2 = conv_bn(c, c), conv_bn(c, c)

    def forward(self, x):
        return x + self.cv2(self.cv1(x))


class C2f(nn.Module):
    """YOLOv8's block: 1x1 conv, split in two, a chain of bottlenecks, concat, 1x1 conv."""

    def __init__(self, cin, cout, n=1):
        super().__init__()
        self.cv1 = conv_bn(cin, cout, 1)
        self.m = nn.ModuleList(Bottleneck(cout // 2) for _ in range(n))
        self.cv2 = conv_bn((2 + n) * (cout // 2), cout, 1)

    def forward(self, x):
        y = list(self.cv1(x).chunk(2, 1))
        for block in self.m:
            y.append(block(y[-1]))
        return self.cv2(torch.cat(y, 1))


class SPPF(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.cv1, self.cv2 = conv_bn(c, c // 2, 1), conv_bn(c * 2, c, 1)
        self.pool = nn.MaxPool2d(5, 1, 2)

    def forward(self, x):
        y = [self.cv1(x)]
        for _ in range(3):
            y.append(self.pool(y[-1]))
        return self.cv2(torch.cat(y, 1))


class TinyYolo(nn.Module):
    """A YOLOv8n-like detector at 640x640: C2f backbone, SPPF, FPN/PAN neck with nearest
    upsampling, decoupled heads, and the exported decode (DFL softmax, anchors, sigmoid) giving
    [1, 84, 8400]."""

    def __init__(self, classes=80, bins=16):
        super().__init__()
        self.bins = bins
        self.b1 = nn.Sequential(conv_bn(3, 16, 3, 2), conv_bn(16, 32, 3, 2), C2f(32, 32))
        self.b2 = nn.Sequential(conv_bn(32, 64, 3, 2), C2f(64, 64, 2))
        self.b3 = nn.Sequential(conv_bn(64, 128, 3, 2), C2f(128, 128, 2))
        self.b4 = nn.Sequential(conv_bn(128, 256, 3, 2), C2f(256, 256), SPPF(256))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.n4, self.n3 = C2f(384, 128), C2f(192, 64)
        self.d3, self.p4 = conv_bn(64, 64, 3, 2), C2f(192, 128)
        self.d4, self.p5 = conv_bn(128, 128, 3, 2), C2f(384, 256)
        self.box = nn.ModuleList(self.head(c, 64, 4 * bins) for c in (64, 128, 256))
        self.cls = nn.ModuleList(self.head(c, 80, classes) for c in (64, 128, 256))
        self.dfl = nn.Conv2d(bins, 1, 1, bias=False).requires_grad_(False)
        self.dfl.weight.data[:] = torch.arange(bins, dtype=torch.float32).view(1, bins, 1, 1)
        anchors, strides = self.anchors((80, 40, 20), (8, 16, 32))
        self.register_buffer("anchor_points", anchors)
        self.register_buffer("strides", strides)

    @staticmethod
    def head(cin, mid, cout):
        return nn.Sequential(conv_bn(cin, mid), conv_bn(mid, mid), nn.Conv2d(mid, cout, 1))

    @staticmethod
    def anchors(sizes, strides):
        points, scales = [], []
        for size, stride in zip(sizes, strides):
            grid = torch.arange(size, dtype=torch.float32) + 0.5
            y, x = torch.meshgrid(grid, grid, indexing="ij")
            points.append(torch.stack((x, y), -1).view(-1, 2))
            scales.append(torch.full((size * size, 1), float(stride)))
        return torch.cat(points).T.unsqueeze(0), torch.cat(scales).T

    def forward(self, x):
        p3 = self.b2(self.b1(x))
        p4 = self.b3(p3)
        p5 = self.b4(p4)
        n4 = self.n4(torch.cat((self.up(p5), p4), 1))
        n3 = self.n3(torch.cat((self.up(n4), p3), 1))
        m4 = self.p4(torch.cat((self.d3(n3), n4), 1))
        m5 = self.p5(torch.cat((self.d4(m4), p5), 1))
        levels = [torch.cat((box(f), cls(f)), 1) for f, box, cls in
                  zip((n3, m4, m5), self.box, self.cls)]
        y = torch.cat([level.flatten(2) for level in levels], 2)
        box, cls = y.split((4 * self.bins, y.shape[1] - 4 * self.bins), 1)
        anchors = box.shape[2]
        dist = self.dfl(box.view(1, 4, self.bins, anchors).transpose(2, 1).softmax(1))
        lt, rb = dist.view(1, 4, anchors).chunk(2, 1)
        xy = (self.anchor_points + (rb - lt) / 2) * self.strides
        wh = (lt + rb) * self.strides
        return torch.cat((xy, wh, cls.sigmoid()), 1)


class UNet(nn.Module):
    """A UNet for 21-class segmentation: four poolings, transposed-convolution upsampling,
    skip concatenations."""

    def __init__(self, classes=21, widths=(16, 32, 64, 128, 256)):
        super().__init__()
        cins = (3,) + widths[:-1]
        self.down = nn.ModuleList(self.double(cin, c) for cin, c in zip(cins, widths))
        self.up = nn.ModuleList(nn.ConvTranspose2d(c, c // 2, 2, 2) for c in widths[:0:-1])
        self.merge = nn.ModuleList(self.double(c, c // 2) for c in widths[:0:-1])
        self.head = nn.Conv2d(widths[0], classes, 1)

    @staticmethod
    def double(cin, cout):
        return nn.Sequential(conv_bn(cin, cout, act=nn.ReLU), conv_bn(cout, cout, act=nn.ReLU))

    def forward(self, x):
        skips = []
        for index, block in enumerate(self.down):
            x = block(x if index == 0 else nn.functional.max_pool2d(x, 2))
            skips.append(x)
        for up, merge, skip in zip(self.up, self.merge, skips[-2::-1]):
            x = merge(torch.cat((up(x), skip), 1))
        return self.head(x)


class ESPCN(nn.Module):
    """ESPCN-style super-resolution: three convolutions and a PixelShuffle (x2)."""

    def __init__(self, scale=2):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 64, 5, padding=2), nn.Tanh(),
                                  nn.Conv2d(64, 32, 3, padding=1), nn.Tanh(),
                                  nn.Conv2d(32, 3 * scale * scale, 3, padding=1),
                                  nn.PixelShuffle(scale))

    def forward(self, x):
        return self.body(x)


# --- Keras networks ------------------------------------------------------------------------

def keras_app(name, **kwargs):
    def build():
        import tensorflow as tf
        return getattr(tf.keras.applications, name)(
            weights=None, input_shape=(224, 224, 3), **kwargs)
    return build


def keras_unet(classes=21, widths=(16, 32, 64, 128, 256)):
    """The Keras twin of UNet above, on 256x256."""
    import tensorflow as tf
    L = tf.keras.layers

    def double(x, filters):
        for _ in range(2):
            x = L.ReLU()(L.BatchNormalization()(L.Conv2D(filters, 3, padding="same")(x)))
        return x
    x = inp = L.Input((256, 256, 3))
    skips = []
    for index, filters in enumerate(widths):
        x = double(x if index == 0 else L.MaxPooling2D()(x), filters)
        skips.append(x)
    for filters, skip in zip(widths[-2::-1], skips[-2::-1]):
        x = L.Conv2DTranspose(filters, 2, 2)(x)
        x = double(L.Concatenate()([x, skip]), filters)
    return tf.keras.Model(inp, L.Conv2D(classes, 1)(x))


def keras_espcn(scale=2):
    """The Keras twin of ESPCN above, with depth_to_space, on 256x256."""
    import tensorflow as tf
    L = tf.keras.layers
    x = inp = L.Input((256, 256, 3))
    x = L.Conv2D(64, 5, padding="same", activation="tanh")(x)
    x = L.Conv2D(32, 3, padding="same", activation="tanh")(x)
    x = L.Conv2D(3 * scale * scale, 3, padding="same")(x)
    x = L.Lambda(lambda t: tf.nn.depth_to_space(t, scale))(x)
    return tf.keras.Model(inp, x)


# --- the zoo -------------------------------------------------------------------------------

NCHW224, NHWC224 = (1, 3, 224, 224), (1, 224, 224, 3)

# litert-torch modes: int8 and hybrid through PT2E, fp16 and hybrid-aeq through
# ai-edge-quantizer on the float model (the name drops the -aeq).
LITERT_TORCH = [
    Entry("resnet18", tv("resnet18"), NCHW224, ["fp32"], "NCHW"),
    Entry("resnet50", tv("resnet50"), NCHW224, ["int8"], "NCHW"),
    Entry("mobilenet_v2_nhwc", tv("mobilenet_v2"), NHWC224, ["int8"], "NHWC"),
    Entry("mobilenet_v3_small", tv("mobilenet_v3_small"), NCHW224, ["hybrid"], "NCHW"),
    Entry("efficientnet_b0", tv("efficientnet_b0"), NCHW224, ["fp16"], "NCHW"),
    Entry("shufflenet_v2", tv("shufflenet_v2_x1_0"), NCHW224, ["int8"], "NCHW"),
    Entry("squeezenet1_1", tv("squeezenet1_1"), NCHW224, ["hybrid-aeq"], "NCHW"),
    Entry("mnasnet1_0", tv("mnasnet1_0"), NCHW224, ["fp16"], "NCHW"),
    Entry("ghostnet", timm_model("ghostnet_100"), NCHW224, ["int8"], "NCHW"),
    Entry("mobilevit_xxs", timm_model("mobilevit_xxs"), (1, 3, 256, 256), ["fp32"], "NCHW"),
    Entry("levit_128s", timm_model("levit_128s"), NCHW224, ["hybrid-aeq"], "NCHW"),
    Entry("unet", UNet, (1, 3, 256, 256), ["int8"], "NCHW"),
    Entry("espcn_x2", ESPCN, (1, 3, 256, 256), ["fp32"], "NCHW"),
]

ONNX2TF = [
    Entry("mobilenet_v3_large", tv("mobilenet_v3_large"), NCHW224,
          ["fp32", "hybrid", "int8"], "NHWC"),
    Entry("efficientnet_b0", tv("efficientnet_b0"), NCHW224, ["fp16", "int8"], "NHWC"),
    Entry("regnet_y_400mf", tv("regnet_y_400mf"), NCHW224, ["hybrid", "int8f"], "NHWC"),
    Entry("squeezenet1_1_nchw", tv("squeezenet1_1"), NCHW224, ["fp32", "int8"], "NCHW"),
    # Without -rtpo Erf, GELU's Erf becomes FlexErf (a TF select op). Its int8 form is left
    # out: LiteRT fails on it (a quantized DIV whose divisor rounds to its zero point).
    Entry("convnext_atto", timm_model("convnext_atto"), NCHW224, ["fp32", "fp16"], "NHWC",
          ("-rtpo", "Erf")),
    Entry("yolo_tiny", TinyYolo, (1, 3, 640, 640), ["fp16", "int8", "int16x8"], "NHWC"),
]

TFCONV = [
    Entry("resnet50", keras_app("ResNet50"), NHWC224, ["int8"], "NHWC"),
    Entry("mobilenet_v2", keras_app("MobileNetV2"), NHWC224, ["hybrid"], "NHWC"),
    Entry("mobilenet_v3_large", keras_app("MobileNetV3Large"), NHWC224, ["fp16"], "NHWC"),
    Entry("mobilenet_v3_small", keras_app("MobileNetV3Small"), NHWC224, ["int8"], "NHWC"),
    Entry("efficientnet_b0", keras_app("EfficientNetB0"), NHWC224, ["int8"], "NHWC"),
    Entry("efficientnetv2_b0", keras_app("EfficientNetV2B0"), NHWC224, ["fp32"], "NHWC"),
    Entry("densenet121", keras_app("DenseNet121"), NHWC224, ["fp16"], "NHWC"),
    Entry("convnext_tiny", keras_app("ConvNeXtTiny"), NHWC224, ["hybrid"], "NHWC"),
    Entry("nasnet_mobile", keras_app("NASNetMobile"), NHWC224, ["int8"], "NHWC"),
    Entry("unet", keras_unet, (1, 256, 256, 3), ["int8"], "NHWC"),
    Entry("espcn_x2", keras_espcn, (1, 256, 256, 3), ["int8"], "NHWC"),
]


def model_name(entry, converter, mode):
    return f"{entry.arch}_{converter}_{mode.split('-')[0]}"


def calibration_images(shape, count=CALIBRATION_COUNT):
    """Seeded smooth random images in [0, 1): a coarse 8x8 pattern upsampled plus noise, so
    activations look more like a photo's than white noise does."""
    rng = np.random.default_rng(SEED)
    channels_first = shape[1] in (1, 3)
    h, w = (shape[2], shape[3]) if channels_first else (shape[1], shape[2])
    coarse = rng.random((count, 3, 8, 8), dtype=np.float32)
    images = coarse.repeat(-(-h // 8), 2)[:, :, :h].repeat(-(-w // 8), 3)[:, :, :, :w]
    images = np.clip(images + 0.1 * rng.standard_normal(images.shape, dtype=np.float32), 0, 0.999)
    return images if channels_first else images.transpose(0, 2, 3, 1)


# --- litert-torch --------------------------------------------------------------------------

def litert_torch_module(entry):
    import litert_torch
    model = entry.build().eval()
    if entry.layout == "NHWC":
        model = litert_torch.to_channel_last_io(model, args=[0]).eval()
    return model


def pt2e_quantize(model, sample, dynamic):
    """PT2E as litert-torch documents it: export, prepare, calibrate, convert."""
    from litert_torch.quantize import pt2e_quantizer, quant_config
    from torchao.quantization.pt2e import move_exported_model_to_eval, quantize_pt2e
    quantizer = pt2e_quantizer.PT2EQuantizer().set_global(
        pt2e_quantizer.get_symmetric_quantization_config(is_per_channel=True,
                                                         is_dynamic=dynamic))
    module = quantize_pt2e.prepare_pt2e(torch.export.export(model, (sample,)).module(),
                                        quantizer)
    for image in calibration_images(tuple(sample.shape)):
        module(torch.from_numpy(image[None]))
    module = move_exported_model_to_eval(quantize_pt2e.convert_pt2e(module, fold_quantize=False))
    return module, quant_config.QuantConfig(pt2e_quantizer=quantizer)


def ai_edge_quantize(float_path, path, mode):
    """ai-edge-quantizer on the float .tflite: fp16 weight casting or dynamic int8."""
    from ai_edge_quantizer import quantizer, recipe
    if mode == "fp16":
        chosen = [{"regex": ".*", "operation": "*", "algorithm_key": "float_casting",
                   "op_config": {"weight_tensor_config": {"num_bits": 16, "dtype": "FLOAT"},
                                 "compute_precision": "FLOAT", "explicit_dequantize": True}}]
    else:
        chosen = recipe.dynamic_wi8_afp32()
    job = quantizer.Quantizer(float_path)
    job.load_quantization_recipe(chosen)
    job.quantize().export_model(path, overwrite=True)


def convert_litert_torch(entry, mode, path):
    import litert_torch
    torch.manual_seed(SEED)
    model = litert_torch_module(entry)
    sample = torch.from_numpy(calibration_images(entry.shape, 1))
    if mode in ("int8", "hybrid"):
        module, config = pt2e_quantize(model, sample, dynamic=mode == "hybrid")
        litert_torch.convert(module, (sample,), quant_config=config).export(path)
        return
    with tempfile.TemporaryDirectory() as work:
        float_path = path if mode == "fp32" else os.path.join(work, "float.tflite")
        litert_torch.convert(model, (sample,)).export(float_path)
        if mode != "fp32":
            ai_edge_quantize(float_path, path, mode.split("-")[0])


# --- onnx2tf -------------------------------------------------------------------------------

ONNX2TF_OUTPUTS = {"fp32": "float32", "fp16": "float16", "hybrid": "dynamic_range_quant",
                   "int8": "full_integer_quant", "int8f": "integer_quant",
                   "int16x8": "full_integer_quant_with_int16_act"}


def export_onnx(entry, path):
    torch.manual_seed(SEED)
    model = entry.build().eval()
    sample = torch.from_numpy(calibration_images(entry.shape, 1))
    torch.onnx.export(model, (sample,), path, opset_version=17, input_names=["input"],
                      output_names=["output"], dynamo=False)


def onnx2tf_command(entry, work):
    """onnx2tf's calibration data: -cind in the TFLite input's layout, and a stand-in for the
    MS-COCO sample it otherwise downloads (it looks in the working directory first)."""
    nhwc = (1,) + entry.shape[2:] + entry.shape[1:2]
    images = calibration_images(entry.shape if entry.layout == "NCHW" else nhwc)
    np.save(os.path.join(work, "calibration.npy"), images)
    np.save(os.path.join(work, "calibration_image_sample_data_20x128x128x3_float32.npy"),
            calibration_images((1, 128, 128, 3), 20))
    command = [os.path.join(os.path.dirname(sys.executable), "onnx2tf"), "-i", "model.onnx",
               "-o", "out", "-cind", "input", "calibration.npy", "0", "1"]
    if entry.layout == "NCHW":
        command += ["-k", "input"]
    command += list(entry.options)
    if any(mode.startswith("int") for mode in entry.modes):
        command.append("-oiqt")
    elif "hybrid" in entry.modes:
        command.append("-odrqt")
    return command


def convert_onnx2tf(entry, paths):
    """One onnx2tf run gives every mode of the entry; paths maps mode to destination."""
    with tempfile.TemporaryDirectory() as work:
        export_onnx(entry, os.path.join(work, "model.onnx"))
        env = dict(os.environ, PATH=os.path.dirname(sys.executable) + ":" + os.environ["PATH"])
        result = subprocess.run(onnx2tf_command(entry, work), cwd=work, env=env,
                                capture_output=True, text=True, timeout=1200)
        missing = []
        for mode, path in paths.items():
            produced = os.path.join(work, "out", f"model_{ONNX2TF_OUTPUTS[mode]}.tflite")
            if os.path.exists(produced):
                shutil.copyfile(produced, path)
            else:
                missing.append(mode)
        if missing:
            errors = [line for line in (result.stdout + result.stderr).splitlines()
                      if "Error" in line or "ERROR" in line] or ["no error line"]
            raise RuntimeError(f"onnx2tf made no {'/'.join(missing)} model: {errors[-1]}")


# --- TF converter --------------------------------------------------------------------------

def convert_tfconv(entry, mode, path):
    import tensorflow as tf
    tf.keras.backend.clear_session()  # layer names (in the file) not depending on build order
    tf.keras.utils.set_random_seed(SEED)
    converter = tf.lite.TFLiteConverter.from_keras_model(entry.build())
    if mode != "fp32":
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
    if mode == "fp16":
        converter.target_spec.supported_types = [tf.float16]
    elif mode == "int8":
        images = calibration_images(entry.shape)
        converter.representative_dataset = lambda: ([image[None]] for image in images)
        converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        converter.inference_input_type = converter.inference_output_type = tf.int8
    with open(path, "wb") as f:
        f.write(converter.convert())


# --- driver --------------------------------------------------------------------------------

def jobs(zoo):
    """(converter, entry, {mode: path}) for every conversion run, onnx2tf's modes together."""
    for converter, entries in (("litert-torch", LITERT_TORCH), ("onnx2tf", ONNX2TF),
                               ("tfconv", TFCONV)):
        for entry in entries:
            paths = {mode: os.path.join(zoo, model_name(entry, converter, mode) + ".tflite")
                     for mode in entry.modes}
            if converter == "onnx2tf":
                yield converter, entry, paths
            else:
                yield from ((converter, entry, {mode: path}) for mode, path in paths.items())


def run_job(converter, entry, paths):
    if converter == "onnx2tf":
        convert_onnx2tf(entry, paths)
    elif converter == "litert-torch":
        (mode, path), = paths.items()
        convert_litert_torch(entry, mode, path)
    else:
        (mode, path), = paths.items()
        convert_tfconv(entry, mode, path)


def describe(path, converter, entry, mode):
    from ai_edge_litert.interpreter import Interpreter
    detail = Interpreter(model_path=path).get_input_details()[0]
    return {"name": os.path.basename(path)[:-len(".tflite")], "arch": entry.arch,
            "converter": converter, "mode": mode.split("-")[0], "layout": entry.layout,
            "input_shape": [int(d) for d in detail["shape"]],
            "input_dtype": np.dtype(detail["dtype"]).name,
            "bytes": os.path.getsize(path)}


class output_to:
    """Sends file descriptors 1 and 2 (the converters' Python and C++ chatter) to a log file."""

    def __init__(self, path):
        self.path = path

    def __enter__(self):
        sys.stdout.flush()
        sys.stderr.flush()
        self.saved = [os.dup(1), os.dup(2)]
        log = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)

    def __exit__(self, *_):
        sys.stdout.flush()
        sys.stderr.flush()
        for fd, saved in zip((1, 2), self.saved):
            os.dup2(saved, fd)
            os.close(saved)


def build(zoo, only):
    """Converts the missing models (those matching `only`, if given); returns the manifest of
    every model present and the skip reasons."""
    os.makedirs(zoo, exist_ok=True)
    manifest, skipped = [], []
    for converter, entry, paths in jobs(zoo):
        missing = {m: p for m, p in paths.items() if not os.path.exists(p)}
        if only:
            missing = {m: p for m, p in missing.items() if any(s in p for s in only)}
        if missing:
            start = time.time()
            try:
                with output_to(os.path.join(zoo, "build.log")):
                    run_job(converter, entry, missing)
                print(f"built {', '.join(map(os.path.basename, missing.values()))} "
                      f"in {time.time() - start:.0f} s", flush=True)
            except Exception as error:  # a converter failing on an arch is a finding, not fatal
                reason = (str(error).strip().splitlines() or [type(error).__name__])[-1]
                skipped.append(f"{converter} {entry.arch} {list(missing)}: {reason[:300]}")
                print(f"skip {skipped[-1]}", flush=True)
        manifest += [describe(p, converter, entry, m) for m, p in paths.items()
                     if os.path.exists(p)]
    return manifest, skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", default=[],
                        help="build only the missing models whose names contain one of these")
    parser.add_argument("--list", action="store_true", help="print the model names and stop")
    parser.add_argument("--out", default=ZOO, help="the zoo's directory (default %(default)s)")
    args = parser.parse_args()
    if args.list:
        for _, _, paths in jobs(args.out):
            print("\n".join(os.path.basename(p) for p in paths.values()))
        return
    torch.set_num_threads(1)
    start = time.time()
    manifest, skipped = build(args.out, args.only)
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(entry) for entry in manifest) + "\n]\n")
    print(f"{len(manifest)} models in {args.out} ({time.time() - start:.0f} s); converter "
          f"output in {os.path.join(args.out, 'build.log')}")
    for line in skipped:
        print("skipped:", line)


if __name__ == "__main__":
    main()
