#!/usr/bin/env python3
"""Builds the project's own small test models and their LiteRT reference outputs.

Each family module in tools/test_models/ lists models as `Case`s: a name, a function that
returns the .tflite bytes, and the inputs to run. For every case this writes

    Tests/Models/<family>/<name>.tflite
    Tests/Models/<family>/<name>.in<i>.npy      the inputs fed
    Tests/Models/<family>/<name>.ref<i>[.call<k>].npy
                                                LiteRT 2.3.0 outputs (of invocation k ≥ 2 of
                                                a stateful model with .call<k>): reference kernels
                                                (BUILTIN_REF), or the builtin kernels without
                                                delegates where the reference resolver lacks an op;
                                                numpy where LiteRT does not run a type at all

and Tests/Models/<family>/manifest.json, which the Swift tests read (the Swift package never needs
Python). Inputs are seeded, so a rerun with the same package versions reproduces every file.

Usage (development machines only):
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install -r tools/test_models/requirements.txt
    /tmp/venv/bin/python tools/make_test_models.py [--only FAMILY[/NAME]] [--list]
"""
import argparse
import importlib
import json
import os
import pkgutil
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "Tests", "Models")
sys.path.insert(0, HERE)

import test_models  # noqa: E402
from test_models.common import reference_outputs, operators_of  # noqa: E402


def families():
    for info in pkgutil.iter_modules(test_models.__path__):
        if info.name in ("common",):
            continue
        module = importlib.import_module("test_models." + info.name)
        if hasattr(module, "cases"):
            yield info.name, module


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", help="FAMILY or FAMILY/NAME")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    for family, module in families():
        if args.only and args.only.split("/")[0] != family:
            continue
        manifest_path = os.path.join(OUT, family, "manifest.json")
        manifest = {}
        if os.path.exists(manifest_path):
            manifest = {e["id"]: e for e in json.load(open(manifest_path))["models"]}
        for case in module.cases():
            ident = f"{family}/{case.name}"
            if args.list:
                print(ident)
                continue
            if args.only and "/" in args.only and ident != args.only:
                continue
            manifest[ident] = build(family, case)
            print(f"{ident}: {', '.join(manifest[ident]['operators'])} ({manifest[ident].get('reference', manifest[ident].get('compare', 'expects an error'))})")
        if not args.list and manifest:
            entries = [manifest[key] for key in sorted(manifest)]
            with open(manifest_path, "w") as f:
                json.dump({"generator": "tools/make_test_models.py", "models": entries}, f, indent=1)
                f.write("\n")


def build(family, case):
    folder = os.path.join(OUT, family)
    os.makedirs(folder, exist_ok=True)
    model = case.make()
    base = os.path.join(folder, case.name)
    with open(base + ".tflite", "wb") as f:
        f.write(model)
    inputs = case.inputs(model)
    if case.error is not None:
        for i, array in enumerate(inputs):
            np.save(f"{base}.in{i}.npy", array)
        return {
            "id": f"{family}/{case.name}", "model": f"{family}/{case.name}.tflite",
            "operators": operators_of(model), "inputs": len(inputs), "outputs": [],
            "error": case.error, "error_at": case.error_at,
            "max_loop_iterations": case.max_loop_iterations, "note": case.note,
        }
    for i, array in enumerate(inputs):
        np.save(f"{base}.in{i}.npy", array)
    try:
        runs, resolver = reference_outputs(
            model, inputs, case.invocations, prefer_optimized=case.prefer_optimized)
    except (ValueError, RuntimeError) as error:
        if case.fallback_reference is not None:
            runs, resolver = [case.fallback_reference(inputs)], "NUMPY"
        elif not case.allow_unreferenced:
            raise
        else:
            return unreferenced(family, case, model, inputs, error)
    outputs = runs[0]
    for call, arrays in enumerate(runs):
        suffix = "" if call == 0 else f".call{call + 1}"
        for i, array in enumerate(arrays):
            np.save(f"{base}.ref{i}{suffix}.npy", array)
    return {
        "id": f"{family}/{case.name}",
        "model": f"{family}/{case.name}.tflite",
        "operators": operators_of(model),
        "inputs": len(inputs),
        "outputs": [{"dtype": str(a.dtype), "shape": list(a.shape)} for a in outputs],
        "reference": resolver,
        "compare": case.compare,
        "tolerance": case.tolerance,
        "note": case.note,
        "invocations": case.invocations,
    }


def unreferenced(family, case, model, inputs, error):
    """The manifest entry of a model LiteRT does not run and nothing else computes: Ocellus
    must load and run it."""
    return {
        "id": f"{family}/{case.name}", "model": f"{family}/{case.name}.tflite",
        "operators": operators_of(model), "inputs": len(inputs), "outputs": [],
        "compare": "runs", "note": f"LiteRT 2.3.0 does not run it: {str(error)[:160]}",
    }


if __name__ == "__main__":
    main()
