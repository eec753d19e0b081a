#!/usr/bin/env python3
"""Generates Ocellus's tables of TFLite schema facts from schema.fbs.

Usage: tools/generate-schema-tables.py path/to/schema.fbs

schema.fbs is TFLite's model schema (tensorflow/compiler/mlir/lite/schema/schema.fbs in
tensorflow/tensorflow or tensorflow/tflite-micro); it is read, not committed. Writes, under
Sources/TFLiteModel/Schema/:
  BuiltinOperator+Codes.swift      the BuiltinOperator constants and names
  BuiltinOptionsType+Names.swift   the BuiltinOptions union's tags as named constants
                                   (`.conv2DOptions`) and its member names by tag
  BuiltinOptions+Decoders.swift    the options type decoding each tag in DECODED_OPTIONS
  SchemaLayout+TFLite.swift        every table's field kinds by field id, and every union's
                                   members by tag, for verifying parts the reader does not decode

Run `swift format --in-place` on the written files afterwards (the committed files are
formatted).

To decode an operator's options: add its schema table to DECODED_OPTIONS below, with the
Swift type (conforming to BuiltinOptionsTable, in Sources/TFLiteModel/Schema/Options/) that
decodes it, and run this script. Tags not listed are verified against the schema but left
undecoded.
"""
import os
import re
import sys

SCALARS = {
    "bool": 1, "byte": 1, "ubyte": 1, "int8": 1, "uint8": 1,
    "short": 2, "ushort": 2, "int16": 2, "uint16": 2,
    "int": 4, "uint": 4, "float": 4, "int32": 4, "uint32": 4, "float32": 4,
    "long": 8, "ulong": 8, "double": 8, "int64": 8, "uint64": 8, "float64": 8,
}

# BuiltinOptions union members (schema table names) decoded, and the Swift type decoding each;
# one type may decode several tables (it sees the union tag it decodes).
DECODED_OPTIONS = {
    "Conv2DOptions": "Conv2DOptions",
    "DepthwiseConv2DOptions": "DepthwiseConv2DOptions",
    "Pool2DOptions": "Pool2DOptions",
    "SVDFOptions": "SVDFOptions",
    "FullyConnectedOptions": "FullyConnectedOptions",
    "SoftmaxOptions": "SoftmaxOptions",
    "ConcatenationOptions": "ConcatenationOptions",
    "AddOptions": "ArithmeticOptions",
    "L2NormOptions": "L2NormalizationOptions",
    "LocalResponseNormalizationOptions": "LocalResponseNormalizationOptions",
    "ResizeBilinearOptions": "ResizeOptions",
    "ReshapeOptions": "ReshapeOptions",
    "SpaceToDepthOptions": "SpaceToDepthOptions",
    "MulOptions": "ArithmeticOptions",
    "GatherOptions": "GatherOptions",
    "ReducerOptions": "ReducerOptions",
    "SubOptions": "ArithmeticOptions",
    "DivOptions": "ArithmeticOptions",
    "SqueezeOptions": "SqueezeOptions",
    "StridedSliceOptions": "StridedSliceOptions",
    "SplitOptions": "SplitOptions",
    "CastOptions": "CastOptions",
    "ArgMaxOptions": "ArgMaxOptions",
    "TransposeConvOptions": "TransposeConvOptions",
    "ShapeOptions": "ShapeOptions",
    "ArgMinOptions": "ArgMinOptions",
    "PackOptions": "PackOptions",
    "UnpackOptions": "UnpackOptions",
    "ResizeNearestNeighborOptions": "ResizeOptions",
    "LeakyReluOptions": "LeakyReluOptions",
    "MirrorPadOptions": "MirrorPadOptions",
    "SplitVOptions": "SplitVOptions",
    "DepthToSpaceOptions": "DepthToSpaceOptions",
    "UnidirectionalSequenceLSTMOptions": "SequenceLSTMOptions",
    "IfOptions": "IfOptions",
    "WhileOptions": "WhileOptions",
    "BatchMatMulOptions": "BatchMatMulOptions",
    "CumsumOptions": "CumsumOptions",
    "CallOnceOptions": "CallOnceOptions",
    "VarHandleOptions": "VarHandleOptions",
    "GeluOptions": "GeluOptions",
    "OneHotOptions": "OneHotOptions",
}


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


def parse(text):
    text = strip_comments(text)
    enums, tables, unions = {}, {}, {}
    for kind, name, base, body in re.findall(r"\b(enum|table|union)\s+(\w+)\s*(?::\s*(\w+))?[^{]*\{(.*?)\}", text, re.S):
        if kind == "enum":
            enums[name] = SCALARS[base]
        elif kind == "union":
            members = [m.strip().split()[0] for m in body.split(",") if m.strip()]
            unions[name] = members
        else:
            fields = []
            for line in body.split(";"):
                line = line.strip()
                if not line:
                    continue
                match = re.match(r"(\w+)\s*:\s*([\w\[\]]+)", line)
                fields.append((match.group(1), match.group(2)))
            tables[name] = fields
    return enums, tables, unions


def kinds(fields, enums, tables, unions):
    result = []
    for name, type_ in fields:
        if type_ in unions:
            result.append(f"(\"{name}_type\", .unionType(\"{type_}\"))")
            result.append(f"(\"{name}\", .unionValue(\"{type_}\"))")
            continue
        if type_ == "string":
            kind = ".string"
        elif type_ in SCALARS:
            kind = f".scalar({SCALARS[type_]})"
        elif type_ in enums:
            kind = f".scalar({enums[type_]})"
        elif type_ in tables:
            kind = f".table(\"{type_}\")"
        elif type_.startswith("["):
            element = type_[1:-1]
            if element == "string":
                kind = ".strings"
            elif element in SCALARS:
                kind = f".vector({SCALARS[element]})"
            elif element in enums:
                kind = f".vector({enums[element]})"
            elif element in tables:
                kind = f".tables(\"{element}\")"
            else:
                raise SystemExit(f"unknown vector element {element}")
        else:
            raise SystemExit(f"unknown type {type_}")
        result.append(f"(\"{name}\", {kind})")
    return result


def main(schema_path):
    text = open(schema_path).read()
    enums, tables, unions = parse(text)
    out_dir = os.path.join(os.path.dirname(__file__), "..", "Sources", "TFLiteModel", "Schema")
    header = "// Generated by tools/generate-schema-tables.py from TFLite's schema.fbs. Do not edit.\n\n"

    body = re.search(r"enum BuiltinOperator : int32 \{(.*?)\n\}", strip_comments(text), re.S).group(1)
    operators = [(m.group(1), int(m.group(2))) for m in re.finditer(r"(\w+)\s*=\s*(\d+)", body)]
    assert [v for _, v in operators] == list(range(len(operators)))

    def camel(name):
        parts = name.lower().split("_")
        word = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
        return f"`{word}`" if word in ("if", "while", "where") else word

    lines = [header + "extension BuiltinOperator {"]
    for name, value in operators:
        lines.append(f"  /// `{name}` ({value}).\n  public static let {camel(name)} = BuiltinOperator(rawValue: {value})")
    lines.append("\n  /// Schema names indexed by code.\n  static let schemaNames: [String] = [")
    lines += [f"    \"{name}\"," for name, _ in operators]
    lines.append("  ]\n}")
    open(os.path.join(out_dir, "BuiltinOperator+Codes.swift"), "w").write("\n".join(lines) + "\n")

    def lower_camel(name):
        capitals = re.match(r"[A-Z]*", name).group(0)
        if len(capitals) > 1 and len(capitals) < len(name):
            capitals = capitals[:-1]
        return capitals.lower() + name[len(capitals):]

    members = unions["BuiltinOptions"]
    lines = [header + "extension BuiltinOptionsType {", "  /// No options (`NONE`, 0).",
             "  public static let noOptions = BuiltinOptionsType(rawValue: 0)"]
    for tag, name in enumerate(members, start=1):
        lines.append(f"  /// `{name}` ({tag}).\n  public static let {lower_camel(name)} = BuiltinOptionsType(rawValue: {tag})")
    lines += ["", "  /// Schema table names indexed by union type tag; tag 0 is NONE.",
              "  static let schemaNames: [String] = [", "    \"NONE\","]
    lines += [f"    \"{name}\"," for name in members]
    lines.append("  ]\n}")
    open(os.path.join(out_dir, "BuiltinOptionsType+Names.swift"), "w").write("\n".join(lines) + "\n")

    unknown = sorted(set(DECODED_OPTIONS) - set(members))
    if unknown:
        raise SystemExit(f"DECODED_OPTIONS names tables the BuiltinOptions union lacks: {unknown}")
    lines = [header + "extension BuiltinOptions {",
             "  /// The type decoding each union tag (from DECODED_OPTIONS in the generator); other tags",
             "  /// are verified against the schema and left undecoded.",
             "  static let decoders: [BuiltinOptionsType: any BuiltinOptionsTable.Type] = ["]
    lines += [f"    .{lower_camel(name)}: {DECODED_OPTIONS[name]}.self," for name in members if name in DECODED_OPTIONS]
    lines.append("  ]\n}")
    open(os.path.join(out_dir, "BuiltinOptions+Decoders.swift"), "w").write("\n".join(lines) + "\n")

    lines = [header + "extension SchemaLayout {", "  /// The TFLite model schema (`TFL3`).", "  static let tflite = SchemaLayout(",
             "    tables: ["]
    for name in sorted(tables):
        fields = ", ".join(kinds(tables[name], enums, tables, unions))
        lines.append(f"      \"{name}\": [{fields}],")
    lines.append("    ],\n    unions: [")
    for name in sorted(unions):
        members = ", ".join(f"\"{m}\"" for m in unions[name])
        lines.append(f"      \"{name}\": [{members}],")
    lines.append("    ])\n}")
    open(os.path.join(out_dir, "SchemaLayout+TFLite.swift"), "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
