"""The page is one file and its embedded JSON cannot end the script block early."""

from __future__ import annotations

import json

from lastlight.interpreter.tools.viewer.page import json_for_script, render_page


def test_json_for_script_escapes_markup_and_round_trips() -> None:
    data = {"name": "</script><script>alert(1)</script><!-- & \u2028", "n": [1, 2]}
    text = json_for_script(data)
    for raw in ("<", ">", "&", "\u2028"):
        assert raw not in text
    assert json.loads(text) == data


def test_the_page_is_self_contained() -> None:
    page = render_page({"title": "A <b>title</b>", "steps": []})
    assert "__DATA__" not in page and "__JS__" not in page and "__CSS__" not in page
    assert "<title>A &lt;b&gt;title&lt;/b&gt;</title>" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page and "src=" not in page
    assert page.count("</script>") == 2  # the data block and the code


def test_compact_stores_each_panel_once_and_keeps_the_order() -> None:
    from lastlight.interpreter.tools.viewer.page import compact

    a, b = {"seat": 0, "light": 1}, {"seat": 1, "light": 0}
    data = {"steps": [{"players": [a, b]}, {"players": [dict(a), {"seat": 1, "light": 2}]}]}
    packed = compact(data)
    assert len(packed["panels"]) == 3
    for step, original in zip(packed["steps"], data["steps"], strict=True):
        assert [packed["panels"][i] for i in step["players"]] == original["players"]
