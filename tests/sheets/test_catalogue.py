import pytest

from rulebook.texts import LANGUAGES
from sheets.catalogue import ContentError, get_catalogue, load_catalogue

CATALOGUE = get_catalogue()

SIMPLE_SHEETS = """
[[sheet]]
id = "basics"
title = "basics.title"
intro = "basics.intro"

[[sheet.section]]
heading = "basics.moves.heading"
blocks = [
  { p = "basics.moves.p" },
  { steps = ["basics.moves.s1", "basics.moves.s2"] },
  { table = { head = ["basics.roll", "basics.result"], rows = [
      ["=1-2", "basics.miss"],
      ["=3+", "basics.hit"],
  ] } },
  { note = "basics.moves.note" },
]
"""

ENGLISH = """
[game]
title = "Test Game"
[basics]
title = "Basics"
intro = "How it works."
roll = "Roll"
result = "Result"
miss = "Miss"
hit = "Hit"
[basics.moves]
heading = "Moving"
p = "Move up to your pace."
s1 = "Pick a player."
s2 = "Move them."
note = "No diagonal moves."
"""


def test_catalogue_finds_every_game_folder_with_a_sheets_toml():
    assert {"rugby", "hexfootball"} <= set(CATALOGUE.games)
    assert list(CATALOGUE.game("rugby").sheets) == ["activation", "rolls", "players", "plays"]
    assert CATALOGUE.sheet("hexfootball", "movement").slug == "hexfootball/movement"


@pytest.mark.parametrize("game_id", list(CATALOGUE.games))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sheet_has_every_text_in_every_language(game_id, language):
    game = CATALOGUE.game(game_id)
    assert language in game.languages, f"{game_id}: text/{language}.toml is missing"
    missing = {sheet.id: sheet.missing_keys(language) for sheet in game.sheets.values()}
    missing = {sheet_id: keys for sheet_id, keys in missing.items() if keys}
    assert not missing, f"{game_id} lacks these keys in {language}: {missing}"
    extra = game.texts.gaps(language)[1]
    assert not extra, f"{game_id}/text/{language}.toml has keys English does not: {extra}"


@pytest.mark.parametrize("game_id", list(CATALOGUE.games))
def test_every_english_text_of_a_game_is_used_by_a_sheet(game_id):
    assert CATALOGUE.game(game_id).unused_keys() == []


def test_a_sheet_lists_its_keys_and_languages(content):
    content("testgame", SIMPLE_SHEETS, {"en": ENGLISH, "fr": ENGLISH.replace('"Hit"', '""')})
    sheet = get_catalogue().sheet("testgame", "basics")
    assert sheet.text_keys()[:3] == ["game.title", "basics.title", "basics.intro"]
    assert "basics.roll" in sheet.text_keys()
    assert all(not key.startswith("=") for key in sheet.text_keys())
    assert sheet.missing_keys("en") == []
    assert sheet.missing_keys("fr") == ["basics.hit"]
    assert sheet.missing_keys("ko") == sheet.text_keys()
    assert sheet.languages == ("en",)
    assert sheet.title_in("fr") == "Basics"


def test_the_content_hash_follows_the_files(content):
    folder = content("testgame", SIMPLE_SHEETS, {"en": ENGLISH})
    before = load_catalogue(folder.parent).game("testgame").version
    (folder / "text" / "en.toml").write_text(ENGLISH.replace("Pick a player.", "Choose a player."))
    after = load_catalogue(folder.parent).game("testgame").version
    assert before != after
    assert load_catalogue(folder.parent).game("testgame").version == after


@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        ('{ quote = "basics.p" }', "unknown block 'quote'"),
        ("{ steps = [] }", "non-empty list"),
        ('{ p = "a", note = "b" }', "exactly one key"),
        ('{ table = { head = ["a", "b"], rows = [["=1"]] } }', "1 cells for 2 columns"),
        ('{ rulebook_table = "weather" }', "need a rulebook edition"),
    ],
)
def test_malformed_content_stops_with_the_file_and_the_sheet(content, tmp_path, blocks, message):
    sheets = f'[[sheet]]\nid = "broken"\ntitle = "t"\n[[sheet.section]]\nblocks = [{blocks}]\n'
    content("testgame", sheets, {"en": 'title = "x"'})
    with pytest.raises(ContentError, match=message) as error:
        load_catalogue(tmp_path / "content")
    assert "sheets.toml" in str(error.value)
    assert "'broken'" in str(error.value)


def test_rulebook_blocks_are_checked_against_the_edition(content, tmp_path):
    sheets = '[[sheet]]\nid = "x"\ntitle = "t"\n[[sheet.section]]\nblocks = [{ rulebook_table = "nope" }]\n'
    content("testgame", sheets, {"en": 'title = "x"'}, edition="bb2020")
    with pytest.raises(ContentError, match="no table 'nope'"):
        load_catalogue(tmp_path / "content")


def test_a_game_named_like_an_edition_draws_from_it(content):
    content("bb2020", '[[sheet]]\nid = "x"\ntitle = "t"\n', {"en": '[game]\ntitle = "BB"\nt = "T"'})
    game = get_catalogue().game("bb2020")
    assert game.edition_id == "bb2020"
    assert game.edition.version in game.version
