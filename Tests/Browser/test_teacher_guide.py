"""The teacher's guide (docs/guia-docente.md) followed step by step in Chromium against the real
binary (Tests/Browser/guide_tour.py), with every screenshot it shows taken and checked: the
guide and the README name only screenshots the tour takes, and the tour takes them all."""

import re
from pathlib import Path

from guide_tour import IMAGES, Camera, both_apps, teacher_tour
from round_pages import png_size

DOCS = Path(__file__).resolve().parents[2]


def images_named(document):
    return set(re.findall(r"\(\s*(?:docs/)?images/([a-z0-9-]+)\.png\)", (DOCS / document).read_text()))


def test_the_documents_show_only_screenshots_the_tour_takes():
    guide, readme = images_named("docs/guia-docente.md"), images_named("README.md")
    assert guide and readme
    assert guide | readme == IMAGES, (guide | readme) ^ IMAGES


def test_a_teacher_follows_the_guide_step_by_step(classroom, server, new_context, tmp_path):
    class_server, key = classroom
    camera = Camera(tmp_path)
    both_apps(server, new_context, camera)
    teacher_tour(class_server, key, new_context, camera)
    assert camera.taken == IMAGES, IMAGES - camera.taken
    for name in IMAGES:
        width, height = png_size(tmp_path / f"{name}.png")
        assert width >= 390 and height >= 568, (name, width, height)
