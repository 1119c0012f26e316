"""axe-core (the engine of PyPI's `axe-playwright-python`) over the pages of the browser tests:
`Audit.check(page, name)` runs it on the page as it is, in light and dark, phone and desktop
(the state stays, only the colour scheme and the viewport change; in dark only the rules about
colour, since dark mode changes nothing else), and keeps every violation
of any impact with its screen's name. Contexts for it are made with `bypass_csp=True`, so the
engine can be injected while the pages keep their strict Content-Security-Policy.

Every rule axe enables runs, plus `target-size` (WCAG 2.2 AA 2.5.8, off by default in axe).
Each state is also checked for reflow (WCAG 1.4.10): at 320 CSS px, and at 200 % zoom of a
1280 px window (a 640 px viewport; the contexts have device scale 2), with reduced motion, where a
full-page screenshot must be exactly as wide as the window — nothing scrolls sideways.
(Reduced motion is not on while axe runs: its 0.01 ms transitions of every property leave
`getComputedStyle` a frame behind a change of colour scheme.)"""

import os
import struct

from axe_playwright_python.base import AXE_SCRIPT

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}
VARIANTS = [("light", PHONE), ("dark", PHONE), ("light", DESKTOP), ("dark", DESKTOP)]
OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
COLOUR_ONLY = {"resultTypes": ["violations"], "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}}
"""Dark mode changes colours only (the same DOM, the same layout): in dark, the rules about colour."""
REFLOW = [{"width": 320, "height": 568}, {"width": 640, "height": 400}]
CONTEXT = {"bypass_csp": True, "device_scale_factor": 2}
"""The options of a browser context for `Audit` (see the module's doc comment)."""

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wider = [...document.querySelectorAll('body *')].filter((e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.right > width + 0.5 && getComputedStyle(e).position !== 'fixed'
      && !e.closest('dialog');
  }).map((e) => e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + [...e.classList].join('.'));
  return {scroll: document.documentElement.scrollWidth - width, wider: wider.slice(0, 5)};
}"""

# Waits until every animation that ends has ended (an alert sliding in is half transparent, and
# its text would be measured against a mix of colours); endless ones (spinners) are left alone.
SETTLE = """async () => {
  // Each wait is bounded: a hidden page paints no frames, a paused animation never ends.
  const within = (promise, ms) => Promise.race([promise, new Promise((r) => setTimeout(r, ms))]);
  await within(new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), 1000);
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await within(Promise.all(finite.map((a) => a.finished.catch(() => null))), 3000);
}"""


# After an emulated change of colour scheme Chromium may keep an element's old inherited colour
# (seen on elements beside or after animations) until its style is rebuilt; a user's real switch
# restyles everything. This rebuilds every style once, and gives the focus back.
RESTYLE = """() => {
  const root = document.documentElement;
  const focused = document.activeElement;
  root.style.display = 'none';
  void root.offsetHeight;
  root.style.display = '';
  void root.offsetHeight;
  if (focused && focused !== document.activeElement) focused.focus({ preventScroll: true });
}"""


def run_axe(page, options=OPTIONS):
    """axe's violations on `page` as it is now (the engine injected once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    page.evaluate(SETTLE)
    return page.evaluate("(options) => axe.run(document, options).then((r) => r.violations)", options)


def describe_node(node):
    target = " ".join(str(t) for t in node["target"])
    data = next((check.get("data") for check in node.get("any", []) if isinstance(check.get("data"), dict)), None)
    if data and "contrastRatio" in data:
        return f"{target} {data.get('fgColor')} on {data.get('bgColor')} = {data['contrastRatio']}"
    return target


def describe(violation):
    nodes = "; ".join(describe_node(node) for node in violation["nodes"][:8])
    return f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])} nodes): {nodes}"


class Audit:
    """Collects the violations of every screen a test shows; `assert_clean()` at the end fails
    with the whole list, so one run shows everything that is wrong."""

    def __init__(self):
        self.found = []   # (screen, variant, violation)
        self.reflow = []  # what scrolls sideways
        self.screens = 0

    def check(self, page, name, variants=VARIANTS):
        original = page.viewport_size
        for scheme, viewport in variants:
            page.emulate_media(color_scheme=scheme)
            page.set_viewport_size(viewport)
            page.evaluate(RESTYLE)
            for violation in run_axe(page, COLOUR_ONLY if scheme == "dark" else OPTIONS):
                self.found.append((name, f"{scheme} {viewport['width']}px", violation))
            self.screens += 1
        page.emulate_media(color_scheme=None, reduced_motion="reduce")
        for viewport in REFLOW:
            page.set_viewport_size(viewport)
            page.evaluate(SETTLE)
            overflow = page.evaluate(OVERFLOW)
            if overflow["scroll"] > 0 or overflow["wider"]:
                self.reflow.append(f"{name} [{viewport['width']}px] scrolls sideways by {overflow['scroll']}px: {overflow['wider']}")
            if viewport["width"] == 640:
                png = page.screenshot(full_page=True)
                width = struct.unpack(">I", png[16:20])[0]
                scale = page.evaluate("() => devicePixelRatio")
                if width != round(viewport["width"] * scale):
                    self.reflow.append(f"{name} [200 %] the screenshot is {width}px wide, not {viewport['width']} × {scale}")
        page.emulate_media(reduced_motion=None)
        page.set_viewport_size(original)

    def nodes(self):
        return sum(len(v["nodes"]) for _, _, v in self.found)

    def report(self):
        return "\n".join(f"{name} [{variant}] {describe(v)}" for name, variant, v in self.found)

    def assert_clean(self):
        if os.environ.get("A11Y_REPORT"):
            with open(os.environ["A11Y_REPORT"], "a") as out:
                out.write(self.report() + ("\n" if self.found else "")
                          + "".join(line + "\n" for line in self.reflow)
                          + f"# {self.screens} screens checked, {self.nodes()} violation nodes\n")
        assert not self.found, f"{self.nodes()} axe violation nodes:\n{self.report()}"
        assert not self.reflow, "\n".join(self.reflow)
