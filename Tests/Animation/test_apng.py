"""Our APNGs read by independent decoders: Pillow (PyPI), pngcheck and apngdis (Debian).

Usage: python test_apng.py TOGGLE_SERVER_BINARY WORK_DIR

Every expected value here comes from docs/design-facts.md (the spring's constants, the Reduce Motion Bezier,
the toggle's geometry) and is computed in this file, never by the code under test.
"""
import hashlib
import math
import os
import struct
import subprocess
import sys
import unittest
import zlib

from PIL import Image

BINARY = WORK = None

# docs/design-facts.md section 2: .spring(duration: 0.35, bounce: 0.35), mass 1.
K = (2 * math.pi / 0.35) ** 2
C = 2 * math.sqrt(K) * (1 - 0.35)
W0 = math.sqrt(K)
ZETA = C / (2 * W0)
WD = W0 * math.sqrt(1 - ZETA * ZETA)
REST_TOLERANCE_PX = 0.01  # docs/design-facts.md section 2, Animation: until the knob is within 0.01 px of rest


def spring(t):
    if t <= 0:
        return 0.0
    return 1 - math.exp(-ZETA * W0 * t) * (math.cos(WD * t) + ZETA * W0 / WD * math.sin(WD * t))


def ease_in_out(t, duration=0.15):
    """CSS cubic-bezier(0.42, 0, 0.58, 1): bisection on x(s), then y(s)."""
    x = t / duration
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    bez = lambda s, a, b: 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if bez(mid, 0.42, 0.58) < x:
            lo = mid
        else:
            hi = mid
    return bez((lo + hi) / 2, 0.0, 1.0)


def geometry(scale):
    """Canvas size and knob centres (docs/design-facts.md section 2), px, at Large with no padding."""
    w, h = round(57.6 * scale), round(32 * scale)
    inset = 3 * scale + 26 * scale / 2
    return w, h, {"off": inset, "on": w - inset, "mixed": w / 2}


def spring_last_frame(travel, fps):
    """First sample from which every later one (checked to 3 s) is within the tolerance, and not
    before the 0.35 s symbol effect ends."""
    last = math.ceil(0.35 * fps - 1e-9)
    for n in range(int(3 * fps), 0, -1):
        if abs(1 - spring(n / fps)) * abs(travel) >= REST_TOLERANCE_PX:
            return max(n + 1, last)
    return last


def render(query, name):
    path = os.path.join(WORK, name)
    subprocess.run([BINARY, "render", query, "-o", path], check=True)
    return path


def chunks(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "PNG signature"
    i, out = 8, []
    while i < len(data):
        (length,) = struct.unpack(">I", data[i:i + 4])
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + length]
        (crc,) = struct.unpack(">I", data[i + 8 + length:i + 12 + length])
        out.append((kind.decode("ascii"), body, crc, zlib.crc32(kind + body) & 0xFFFFFFFF))
        i += 12 + length
    assert i == len(data)
    return out


def composed_frames(path):
    """Every frame as Pillow composes it (dispose and blend ops applied), RGBA."""
    frames, delays = [], []
    with Image.open(path) as im:
        for i in range(im.n_frames):
            im.seek(i)
            frames.append(im.convert("RGBA"))
            delays.append(im.info["duration"] / 1000)
    return frames, delays


def psnr(a, b):
    """PSNR in dB of two RGBA images over R, G and B composited on black and on white: the
    worse of the two (the fidelity tests' measure)."""
    worst = float("inf")
    pa, pb = a.tobytes(), b.tobytes()
    for background in (0, 255):
        total = 0.0
        for i in range(0, len(pa), 4):
            fa, fb = pa[i + 3] / 255, pb[i + 3] / 255
            for c in range(3):
                d = (pa[i + c] * fa + background * (1 - fa)) - (pb[i + c] * fb + background * (1 - fb))
                total += d * d
        mse = total / (len(pa) // 4 * 3)
        worst = min(worst, float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse))
    return worst


def load(path):
    """A still PNG (or an APNG's default image) as RGBA."""
    with Image.open(path) as im:
        return im.convert("RGBA")


def knob_center_x(frame, scale):
    """The knob's centre from the pixels of a black-track toggle: the centroid of whiteness over
    the knob rows above and below the symbol's box, which are symmetric about the centre row (the
    shadow is black on a black track, so invisible)."""
    _, h = frame.size
    cy = h / 2
    radius = 13 * scale
    half_symbol = 0.54 * 26 * scale / 2
    return knob_x(frame, [y for y in range(h) if half_symbol < abs(y + 0.5 - cy) < radius])


class APNGTests(unittest.TestCase):
    def check_structure(self, path, frame_count, plays):
        result = subprocess.run(["pngcheck", "-q", path], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        cs = chunks(path)
        for kind, _, crc, computed in cs:
            self.assertEqual(crc, computed, f"CRC of {kind}")
        kinds = [k for k, *_ in cs]
        self.assertEqual(kinds[0], "IHDR")
        self.assertEqual(kinds[1], "acTL")
        self.assertEqual(kinds[-1], "IEND")
        self.assertLess(kinds.index("fcTL"), kinds.index("IDAT"), "frame 0 is the default image")
        num_frames, num_plays = struct.unpack(">II", cs[1][1])
        self.assertEqual(num_frames, frame_count)
        self.assertEqual(num_plays, plays)
        self.assertEqual(kinds.count("fcTL"), frame_count)
        sequence = [struct.unpack(">I", body[:4])[0] for k, body, *_ in cs if k in ("fcTL", "fdAT")]
        self.assertEqual(sequence, list(range(len(sequence))), "sequence numbers 0, 1, 2, ...")
        width, height = struct.unpack(">II", cs[0][1][:8])
        first = True
        for k, body, *_ in cs:
            if k != "fcTL":
                continue
            _, w, h, x, y, dn, dd, dispose, blend = struct.unpack(">IIIIIHHBB", body)
            self.assertTrue(w >= 1 and h >= 1 and x + w <= width and y + h <= height)
            self.assertIn(dispose, (0, 1, 2))
            self.assertIn(blend, (0, 1))
            if first:
                self.assertEqual((w, h, x, y), (width, height, 0, 0))
                first = False

    def check_colour_type(self, path, frames, query):
        """An animation whose frames together have at most 256 colours (fully transparent
        counted, as the unchanged pixels of an OVER frame need it) is one palette image (colour
        type 3), else RGBA (6): APNG frames share the file's PLTE."""
        colours = {(0, 0, 0, 0)}
        for frame in frames:
            colours |= {c for _, c in frame.getcolors(1 << 24)}
        colour_type = chunks(path)[0][1][9]
        self.assertEqual(colour_type, 3 if len(colours) <= 256 else 6, f"{query}: {len(colours)} colours")

    def check_apngdis(self, path, frames, delays):
        """apngdis composes frames its own way; its frames and delays must agree with Pillow's."""
        folder = path + ".apngdis"
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))
        # apngdis writes its frames beside the file it reads, so it reads a copy in its own folder.
        copy = os.path.join(folder, "animation.png")
        with open(path, "rb") as src, open(copy, "wb") as dst:
            dst.write(src.read())
        subprocess.run(["apngdis", copy, "frame.png"], check=True, capture_output=True)
        prefix = os.path.join(folder, "frame")
        # apngdis numbers its files with as many digits as the frame count has (frame1 ... frame5,
        # frame01 ... frame46).
        digits = len(str(len(frames)))
        for i, (frame, delay) in enumerate(zip(frames, delays)):
            stem = f"{prefix}{i + 1:0{digits}d}"
            with open(stem + ".txt") as f:
                text = f.read().strip()
            num, den = text.removeprefix("delay=").split("/")
            self.assertAlmostEqual(int(num) / int(den), delay, places=3)
            other = load(stem + ".png")
            self.assertEqual(other.tobytes(), frame.tobytes(), f"apngdis frame {i + 1}")
        self.assertFalse(os.path.exists(f"{prefix}{len(frames) + 1:0{digits}d}.png"), "no extra frame")

    def assert_shows(self, frame, still, message):
        """The frame (drawn exactly: RGBA) is the still's picture: the same pixels, or within the
        encoder's fidelity bound (PSNR >= 50 dB on black and on white) where the still's palette
        merges entries: a picture with over 256 colours, or a toggle that draws its tint with over
        256 coverage classes (its palette numbered by class, one index image for every tint)."""
        self.assertEqual(frame.size, still.size, message)
        if frame.tobytes() != still.tobytes():
            self.assertGreaterEqual(psnr(frame, still), 50, message)

    def check_ends(self, path, query, from_query):
        frames, _ = composed_frames(path)
        still = load(render(query, os.path.basename(path) + "-still.png"))
        start = load(render(from_query, os.path.basename(path) + "-from.png"))
        self.assert_shows(frames[-1], still, "last frame = still PNG")
        self.assert_shows(frames[0], start, "first frame = still of from")

    def test_spring_at_scale_2(self):
        scale, fps = 2, 60
        w, h, centers = geometry(scale)
        query = "on=1&color=black&off_color=black&scale=2&animate=1"
        path = render(query, "spring.png")
        travel = centers["on"] - centers["off"]
        last = spring_last_frame(travel, fps)
        self.check_structure(path, last + 1, 1)
        frames, delays = composed_frames(path)
        self.assertEqual(len(frames), last + 1)
        self.assertTrue(all(abs(d - 1 / fps) < 1e-3 for d in delays))
        duration = last / fps  # the motion: from t = 0 to the last sample
        self.assertLessEqual(abs(sum(delays) - duration), 1 / fps + 1e-6)
        self.check_apngdis(path, frames, delays)
        measured = [knob_center_x(f, scale) for f in frames]
        for i, x in enumerate(measured):
            expected = centers["off"] + travel * spring(i / fps)
            self.assertLess(abs(x - expected), 0.5, f"frame {i}: knob at {x:.3f}, spring says {expected:.3f}")
        overshoot = max(measured) - centers["on"]
        self.assertGreater(overshoot, 0.05 * travel, "the spring overshoots (6.8 % by docs/design-facts.md)")
        self.check_ends(path, "on=1&color=black&off_color=black&scale=2",
                        "on=0&color=black&off_color=black&scale=2")

    def test_reduce_motion(self):
        scale, fps = 2, 60
        w, h, centers = geometry(scale)
        query = "on=0&color=black&off_color=black&scale=2&animate=1&motion=reduce"
        path = render(query, "reduce.png")
        last = math.ceil(0.15 * fps - 1e-9)
        self.check_structure(path, last + 1, 1)
        frames, delays = composed_frames(path)
        self.assertEqual(len(frames), last + 1)
        self.assertLessEqual(abs(sum(delays) - 0.15), 1 / fps + 1e-6)
        self.check_apngdis(path, frames, delays)
        travel = centers["off"] - centers["on"]
        measured = [knob_center_x(f, scale) for f in frames]
        for i, x in enumerate(measured):
            expected = centers["on"] + travel * ease_in_out(i / fps)
            self.assertLess(abs(x - expected), 0.5, f"frame {i}: knob at {x:.3f}, curve says {expected:.3f}")
        self.assertGreater(min(measured), centers["off"] - 0.05, "no overshoot with Reduce Motion")
        self.check_ends(path, "on=0&color=black&off_color=black&scale=2",
                        "on=1&color=black&off_color=black&scale=2")

    def test_default_picture_ends_and_other_settings(self):
        for query, still, start in [
            ("on=1&animate=1&scale=2", "on=1&scale=2", "on=0&scale=2"),
            ("on=0&animate=1&theme=dark&color=indigo", "on=0&theme=dark&color=indigo", "on=1&theme=dark&color=indigo"),
            ("state=on&from=mixed&animate=1&scale=3&disabled=1&bg=white&pad=4",
             "state=on&scale=3&disabled=1&bg=white&pad=4", "state=mixed&scale=3&disabled=1&bg=white&pad=4"),
            ("on=1&animate=1&fps=24&off_color=clear&sym=moon.fill", "on=1&off_color=clear&sym=moon.fill",
             "on=0&off_color=clear&on_sym=moon.fill"),
        ]:
            with self.subTest(query=query):
                name = "case-" + hashlib.sha1(query.encode()).hexdigest()[:10] + ".png"
                path = render(query, name)
                frames, delays = composed_frames(path)
                self.check_structure(path, len(frames), 1)
                self.check_apngdis(path, frames, delays)
                self.check_ends(path, still, start)

    def test_fps_10(self):
        scale, fps = 1, 10
        _, _, centers = geometry(scale)
        path = render("on=1&animate=1&fps=10", "fps10.png")
        last = spring_last_frame(centers["on"] - centers["off"], fps)
        frames, delays = composed_frames(path)
        self.assertEqual(len(frames), last + 1)
        self.assertTrue(all(abs(d - 0.1) < 1e-3 for d in delays))

    def test_loop(self):
        scale, fps = 1, 60
        _, _, centers = geometry(scale)
        path = render("on=1&animate=1&loop=1", "loop.png")
        n = spring_last_frame(centers["on"] - centers["off"], fps)
        # forward 0..n, back 1..n-1 (back's frame n is frame 0 again, shown by the loop)
        self.check_structure(path, 2 * n, 0)
        frames, delays = composed_frames(path)
        self.assertEqual(len(frames), 2 * n)
        self.assertAlmostEqual(delays[0], 1.0, places=3)
        self.assertAlmostEqual(delays[n], 1.0, places=3)
        self.assertAlmostEqual(sum(delays), 2 + (2 * n - 2) / fps, places=3)
        with Image.open(path) as im:
            self.assertEqual(im.info.get("loop"), 0, "Pillow reads num_plays 0 as loop forever")
        self.check_apngdis(path, frames, delays)
        on = load(render("on=1", "loop-on.png"))
        self.assertEqual(frames[n].tobytes(), on.tobytes(), "hold frame = still of on")
        # The way back mirrors the way there: its frame i is the forward frame i of on -> off.
        back = render("on=0&animate=1", "loop-back.png")
        back_frames, _ = composed_frames(back)
        for i in range(1, n):
            self.assertEqual(frames[n + i].tobytes(), back_frames[i].tobytes(), f"back frame {i}")


def default_spring(t):
    """SwiftUI's Animation.default since iOS 17 (Apple's documentation): spring(response: 0.55,
    dampingFraction: 1), critically damped: 1 - e^(-w t)(1 + w t), w = 2 pi / 0.55."""
    if t <= 0:
        return 0.0
    w = 2 * math.pi / 0.55
    return 1 - math.exp(-w * t) * (1 + w * t)


def settled(curve, amplitude, tolerance, fps=60):
    """The first sample from which every later one (checked to 3 s) is within the tolerance."""
    for n in range(int(3 * fps), 0, -1):
        if abs(1 - curve(n / fps)) * abs(amplitude) >= tolerance:
            return n + 1
    return 1


def knob_x(frame, rows):
    """Centroid of whiteness (premultiplied min(R, G, B)) over `rows` of a black-track picture."""
    w, _ = frame.size
    px = frame.load()
    total = moment = 0.0
    for y in rows:
        for x in range(w):
            r, g, b, a = px[x, y]
            v = min(r, g, b) * a / 255
            total += v
            moment += v * (x + 0.5)
    return moment / total


class StyleAnimationTests(unittest.TestCase):
    """Each style's own animation, numbers from the seeds: switch the section 2
    spring, tutorial seed 002's linear 0.15 s with the knob -11 -> +11 pt, button and symbol a
    crossfade on SwiftUI's default spring."""

    check_structure = APNGTests.check_structure
    check_apngdis = APNGTests.check_apngdis
    check_colour_type = APNGTests.check_colour_type
    check_ends = APNGTests.check_ends
    assert_shows = APNGTests.assert_shows

    STYLES = {
        "switch": "style=switch",
        "tutorial": "style=tutorial",
        "button": "style=button&label=Wi-Fi",
        "symbol": "style=symbol&label=Hare",
    }

    def run_style(self, name, extra, expected_frames=None, loops=False):
        base = self.STYLES[name]
        query = f"{base}&on=1&animate=1{extra}"
        path = render(query, f"style-{name}-{hashlib.sha1(query.encode()).hexdigest()[:8]}.png")
        frames, delays = composed_frames(path)
        if expected_frames is not None:
            self.assertEqual(len(frames), expected_frames, query)
        self.check_structure(path, len(frames), 0 if loops else 1)
        self.check_apngdis(path, frames, delays)
        self.check_colour_type(path, frames, query)
        if not loops:
            extra_still = extra.replace("&motion=reduce", "").replace("&fps=24", "")
            self.check_ends(path, f"{base}&on=1{extra_still}", f"{base}&on=0{extra_still}")
        return frames, delays

    def test_every_style_frames_ends_and_decoders(self):
        crossfade = settled(default_spring, 1, 0.5 / 255) + 1
        self.assertEqual(crossfade, 46, "0.75 s at 60 fps")
        expected = {
            # the knob travels 51 - 2 x 2 - 27 = 20 pt on the spring
            "switch": settled(spring, 20, REST_TOLERANCE_PX) + 1,
            # linear 0.15 s: samples at 0, 1/60, ..., 9/60 = 0.15 s
            "tutorial": 10,
            "button": crossfade,
            "symbol": crossfade,
        }
        for name, count in expected.items():
            with self.subTest(style=name):
                _, delays = self.run_style(name, "", count)
                self.assertTrue(all(abs(d - 1 / 60) < 1e-3 for d in delays))
                self.run_style(name, "&motion=reduce&theme=dark", 10)
                self.run_style(name, "&fps=24&scale=2")
                self.run_style(name, "&loop=1", loops=True)

    def test_tutorial_knob_is_linear(self):
        scale = 2
        frames, _ = self.run_style("tutorial", "&scale=2&color=black&off_color=black", 10)
        cy = 31 * scale / 2
        rows = [y for y in range(62) if 6.5 * scale < abs(y + 0.5 - cy) < 12 * scale]
        for i, frame in enumerate(frames):
            t = min(i / 60 / 0.15, 1)
            expected = 51 * scale / 2 + (-11 + 22 * t) * scale
            x = knob_x(frame, rows)
            self.assertLess(abs(x - expected), 0.5, f"frame {i}: knob at {x:.3f}, linear says {expected:.3f}")

    def test_switch_knob_springs(self):
        scale = 2
        frames, _ = self.run_style("switch", "&scale=2&color=black&off_color=black")
        rows = [y for y in range(62) if abs(y + 0.5 - 31) < 12 * scale]
        off, travel = 15.5 * scale, 20 * scale
        measured = [knob_x(f, rows) for f in frames]
        for i, x in enumerate(measured):
            expected = off + travel * spring(i / 60)
            self.assertLess(abs(x - expected), 0.5, f"frame {i}: knob at {x:.3f}, spring says {expected:.3f}")
        self.assertGreater(max(measured) - (off + travel), 0.05 * travel, "overshoot")

    def test_button_crossfade_is_monotonic(self):
        frames, _ = self.run_style("button", "&color=black")
        alphas = [f.getpixel((4, f.size[1] // 2))[3] for f in frames]
        self.assertLessEqual(abs(alphas[0] - 0.15 * 255), 0.5)
        self.assertEqual(alphas[-1], 255)
        for i in range(1, len(alphas)):
            self.assertGreaterEqual(alphas[i], alphas[i - 1], f"frame {i}")
            p = default_spring(i / 60)
            if i < len(alphas) - 1:
                self.assertLessEqual(abs(alphas[i] - 255 * (p + 0.15 * (1 - p) ** 2)), 1.5, f"frame {i}")


class AnimatedSVGTests(unittest.TestCase):
    """The `.svg` form of animate=1: the knob's CSS keyframes against the curves."""

    def knob_keyframes(self, svg, prefix):
        import re
        knob = re.search(r'<path class="(a\d+)" d="[^"]*" fill="#ffffff"', svg)
        self.assertIsNotNone(knob, "the knob is an animated element")
        n = knob.group(1)[1:]
        body = re.search(r"@keyframes " + prefix + n + r"\{(.*?\})\}", svg).group(1)
        duration = re.search(r"\.a" + n + r"\{animation:" + prefix + n + r" ([0-9.]+)ms", svg).group(1)
        frames = [(float(p), float(m.split(",")[4])) for p, m in
                  re.findall(r"([0-9.]+)%\{transform:matrix\(([^)]*)\)", body)]
        return frames, float(duration) / 1000

    def test_keyframes_follow_the_curves(self):
        scale = 2
        _, _, centers = geometry(scale)
        path = render("on=1&animate=1&scale=2", "animated.svg")
        with open(path) as f:
            svg = f.read()
        import re
        for banned in ("<script", "foreignObject", "href=", "url(http"):
            self.assertNotIn(banned, svg)
        self.assertIsNone(re.search(r"\son[a-z]+=", svg), "no event attributes")
        self.assertIn("@media (prefers-reduced-motion:reduce)", svg)
        travel = centers["on"] - centers["off"]
        for prefix, curve in (("k", spring), ("r", ease_in_out)):
            frames, duration = self.knob_keyframes(svg, prefix)
            self.assertGreater(len(frames), 5 if prefix == "r" else 20)
            for percent, tx in frames:
                t = percent / 100 * duration
                expected = centers["off"] + travel * curve(t) - centers["on"]
                if percent == 100:
                    expected = 0.0
                self.assertLess(abs(tx - expected), 0.01, f"{prefix} at {t:.4f} s: {tx} vs {expected:.4f}")
            overshoot = max(tx for _, tx in frames)
            if prefix == "k":
                self.assertGreater(overshoot, 0.05 * travel, "the spring overshoots")
            else:
                self.assertLessEqual(overshoot, 0.0005, "no overshoot with Reduce Motion")


class StyleSVGTests(unittest.TestCase):
    knob_keyframes = AnimatedSVGTests.knob_keyframes

    def test_tutorial_and_switch_keyframes(self):
        import re
        import xml.dom.minidom
        for query, curve, travel in (("style=tutorial&on=1&animate=1&scale=2", lambda t: min(t / 0.15, 1), 44),
                                     ("style=switch&on=1&animate=1&scale=2", spring, 40)):
            path = render(query, "style-" + hashlib.sha1(query.encode()).hexdigest()[:8] + ".svg")
            with open(path) as f:
                svg = f.read()
            xml.dom.minidom.parseString(svg)
            frames, duration = self.knob_keyframes(svg, "k")
            self.assertGreater(len(frames), 5)
            for percent, tx in frames:
                t = percent / 100 * duration
                expected = 0.0 if percent == 100 else travel * (curve(t) - 1)
                self.assertLess(abs(tx - expected), 0.01, f"{query} at {t:.4f} s: {tx} vs {expected:.4f}")
        # The button's off fill (the tint at 0.15) fades out on SwiftUI's default spring.
        path = render("style=button&label=A&on=1&animate=1", "style-button-fade.svg")
        with open(path) as f:
            svg = f.read()
        body, name = None, None
        for m in re.finditer(r"@keyframes (k\d+)\{(.*?\})\}", svg):
            if m.group(2).startswith("0%{fill:#34c759;fill-opacity:0.15}"):
                name, body = m.group(1), m.group(2)
        self.assertIsNotNone(body, "the off fill's keyframes")
        duration = float(re.search(r"animation:" + name + r" ([0-9.]+)ms", svg).group(1)) / 1000
        self.assertAlmostEqual(duration, 45 / 60, places=4)
        frames = re.findall(r"([0-9.]+)%\{fill:#34c759;fill-opacity:([0-9.]+)\}", body)
        self.assertGreater(len(frames), 20)
        for percent, opacity in frames:
            t = float(percent) / 100 * duration
            expected = 0.0 if float(percent) == 100 else 0.15 * (1 - default_spring(t))
            self.assertLess(abs(float(opacity) - expected), 0.0011, f"at {t:.4f} s: {opacity} vs {expected:.4f}")
        for query in ("style=button&label=A&on=1&animate=1", "style=symbol&label=A&sources=1,0&animate=1&loop=1"):
            path = render(query, "style-" + hashlib.sha1(query.encode()).hexdigest()[:8] + ".svg")
            with open(path) as f:
                svg = f.read()
            xml.dom.minidom.parseString(svg)
            self.assertIn("fill-opacity", re.search(r"@keyframes k\d+\{(.*?\})\}", svg).group(1))


if __name__ == "__main__":
    BINARY, WORK = sys.argv[1], sys.argv[2]
    os.makedirs(WORK, exist_ok=True)
    unittest.main(argv=[sys.argv[0], "-v"])
