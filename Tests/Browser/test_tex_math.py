"""Browser tests of js/tex-math.js: a question's `$$…$$`, `\\[…\\]` and `\\(…\\)` formulas drawn
as MathML within the documented subset, everything else left as its source text, and nothing a
question holds becoming markup or running."""

import json

import pytest

RENDER = """async ([text]) => {
  const { setMathText } = await import('/js/tex-math.js');
  const box = document.createElement('p');
  box.id = 'math-box';
  document.body.append(box);
  setMathText(box, text);
  const out = box.innerHTML;
  box.remove();
  return out;
}"""


@pytest.fixture
def math_page(server, page):
    page.goto(server.url("/"))
    return page


def render(page, text):
    return page.evaluate(RENDER, [text])


def mathml(inner, display=False, alttext=None):
    block = ' display="block"' if display else ""
    return f'<math alttext="{alttext}"{block}><mrow>{inner}</mrow></math>'


@pytest.mark.parametrize("source, inner", [
    (r"\frac{1}{2}", "<mfrac><mn>1</mn><mn>2</mn></mfrac>"),
    (r"\sqrt{x}", "<msqrt><mi>x</mi></msqrt>"),
    (r"\sqrt[3]{8}", "<mroot><mn>8</mn><mrow><mn>3</mn></mrow></mroot>"),
    ("x^2", "<msup><mi>x</mi><mn>2</mn></msup>"),
    ("a_{ij}", "<msub><mi>a</mi><mrow><mi>i</mi><mi>j</mi></mrow></msub>"),
    ("x_1^{n+1}", "<msubsup><mi>x</mi><mn>1</mn><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msubsup>"),
    (r"\alpha + \Omega", "<mi>α</mi><mo>+</mo><mi>Ω</mi>"),
    (r"a \cdot b \le 3.14", "<mi>a</mi><mo>⋅</mo><mi>b</mi><mo>≤</mo><mn>3.14</mn>"),
    (r"\sin x - \infty", '<mi mathvariant="normal">sin</mi><mi>x</mi><mo>−</mo><mi>∞</mi>'),
    (r"\left( x \right)", "<mo>(</mo><mi>x</mi><mo>)</mo>"),
    (r"\text{si } x", "<mtext>si </mtext><mi>x</mi>"),
    (r"a\,b", '<mi>a</mi><mspace width="0.1667em"></mspace><mi>b</mi>'),
])
def test_the_subset_becomes_mathml(math_page, source, inner):
    assert render(math_page, f"\\({source}\\)") == mathml(inner, alttext=source.replace("&", "&amp;"))


def test_display_formulas_are_blocks_and_text_around_stays_text(math_page):
    # `$$…$$` inline, as Moodle's TeX filter draws it; `\\[…\\]` a block.
    out = render(math_page, "Calcula $$x^2$$ y luego \\[\\pi\\] o \\(y\\).")
    assert out == ("Calcula " + mathml("<msup><mi>x</mi><mn>2</mn></msup>", False, "x^2") + " y luego "
                   + mathml("<mi>π</mi>", True, "\\pi") + " o " + mathml("<mi>y</mi>", alttext="y") + ".")


@pytest.mark.parametrize("text", [
    r"\(\begin{matrix} a \end{matrix}\)",   # a command outside the subset
    r"\(\frac{1}{2\)",                      # an unclosed group
    r"$$a}$$",                              # an unopened one
    r"\(x^\)",                              # a power without its exponent
    r"\(x^2^3\)",                           # two powers
    r"\(\toString\)",                       # a name every object has
    r"\(" + "{" * 30 + "x" + "}" * 30 + r"\)",  # too deep
    r"\(" + "x" * 1001 + r"\)",             # too long
    r"$$ $$",                               # empty
])
def test_outside_the_subset_the_source_stays_as_text(math_page, text):
    out = math_page.evaluate("""async ([text]) => {
      const { mathText } = await import('/js/tex-math.js');
      const box = document.createElement('p');
      box.append(mathText(text));
      return { text: box.textContent, elements: box.querySelectorAll('*').length };
    }""", [text])
    assert out == {"text": text, "elements": 0}


def test_unclosed_delimiters_and_single_dollars_are_plain_text(math_page):
    for text in ["Cuesta $5 y $$x", "\\(x", "a \\) b", "\\[ sin cierre"]:
        assert render(math_page, text) == text.replace("&", "&amp;")


def test_nothing_a_question_holds_becomes_markup_or_runs(math_page):
    hostile = ('<img src=x onerror="window.hit=1"> $$<b>x</b>$$ \\(\\text{<script>window.hit=2</script>}\\) '
               '\\(a"onmouseover="window.hit=3\\) \\(\\mathrm{"><svg onload=window.hit=4>}\\)')
    result = math_page.evaluate("""async ([text]) => {
      const { mathText } = await import('/js/tex-math.js');
      const box = document.createElement('p');
      document.body.append(box);
      box.append(mathText(text));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const tags = [...box.querySelectorAll('*')].map((e) => e.localName);
      const attributes = [...box.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name));
      return { tags, attributes, hit: window.hit ?? null, text: box.textContent };
    }""", [hostile])
    assert result["hit"] is None
    assert set(result["tags"]) <= {"math", "mrow", "mi", "mo", "mtext", "mn"}, result["tags"]
    assert set(result["attributes"]) <= {"alttext", "display", "mathvariant"}, result["attributes"]
    assert "<script>" in result["text"] and "<img" in result["text"]


def test_the_browser_draws_the_formula(math_page):
    size = math_page.evaluate("""async () => {
      const { setMathText } = await import('/js/tex-math.js');
      const box = document.createElement('p');
      document.body.append(box);
      setMathText(box, '\\\\(\\\\frac{a}{b}\\\\)');
      const fraction = box.querySelector('mfrac').getBoundingClientRect();
      const numerator = box.querySelector('mfrac > mi').getBoundingClientRect();
      const denominator = box.querySelector('mfrac > mi:last-child').getBoundingClientRect();
      return { height: fraction.height, stacked: numerator.bottom <= denominator.top };
    }""")
    assert size["height"] > 0 and size["stacked"], json.dumps(size)
