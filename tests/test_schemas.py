"""The published JSON Schemas: valid draft 2020-12, shipped up to date, and true of every JSON form."""

from __future__ import annotations

import copy
import importlib.resources
import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Final

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames import Game, InvalidOptionsError, LogError, TableGamesError, UnknownVariantError
from tablegames.core.events import FORMAT_VERSION
from tablegames.schema import (
    SCHEMA_DIALECT,
    SCHEMA_KINDS,
    format_schema,
    schema_for,
    schema_id,
    schemas_for,
    view_class,
)
from tablegames.variants.sniff import Sniff, SniffView
from tests.strategies import GameCase, SmearCase, deal_json, game_cases, smear_cases, smear_deal_json

VARIANTS = ("american-sniff", "four-point-smear")
ROOT = Path(__file__).resolve().parents[1]


def _validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


VALIDATORS = {(v, k): _validator(schema_for(v, k)) for v in VARIANTS for k in SCHEMA_KINDS}


_VALID: set[tuple[str, str, str]] = set()
"""Forms already found valid, as (variant, kind, JSON text): an event or action is checked once."""


def check(variant: str, kind: str, data: Any) -> None:
    """``data`` (parsed JSON) is valid against the schema of ``kind``, or the test fails saying where."""
    key = (variant, kind, json.dumps(data, sort_keys=True))
    if key in _VALID:
        return
    validator = VALIDATORS[variant, kind]
    if not validator.is_valid(data):
        error = jsonschema.exceptions.best_match(validator.iter_errors(data))
        assert error is not None
        where = "/".join(str(p) for p in error.absolute_path)
        pytest.fail(f"{variant} {kind} at /{where}: {error.message}\n{json.dumps(data)[:400]}")
    _VALID.add(key)


def rejects(variant: str, kind: str, data: Any) -> bool:
    """Whether the schema of ``kind`` refuses ``data``."""
    return not VALIDATORS[variant, kind].is_valid(data)


def json_of(obj: Any) -> Any:
    """The JSON data of ``obj`` exactly as a front end receives it (through the text)."""
    return json.loads(tablegames.dumps(obj))


def check_log(variant: str, log: dict[str, Any]) -> None:
    """A log is valid: its envelope against the log schema, each of its events against the event schema.

    This is the whole log's validation, done faster: the log schema's ``events`` are items of
    the event schema's definitions (pinned by a test below), and each distinct event is
    validated once, however many logs it appears in.
    """
    check(variant, "log", {**log, "events": []})
    for event in log["events"]:
        check(variant, "event", event)


def play_and_check(game: Game, rng: random.Random, *, steps: int) -> None:
    """Play ``game`` at random (up to ``steps`` actions), checking every form it produces on the way.

    Checked: the options, every seat's view before the first and after every step, every
    legal action, the full log, every seat's redacted log and every deal the log records.
    """
    name = game.name
    check(name, "options", json_of(game.options))
    for step in range(steps + 1):
        for seat in range(game.players):
            check(name, "view", json_of(game.view(seat)))
        if game.is_over or step == steps:
            break
        actions = game.legal_actions()
        for action in actions:
            check(name, "action", json_of(action))
        game.apply(actions[rng.randrange(len(actions))])
    check_log(name, json_of(game.log()))
    for deal in type(game).deals_from_events(game.log().events):
        check(name, "deal", json_of(deal))
    for seat in range(game.players):
        check_log(name, json_of(game.log(seat)))


# -- the schemas themselves ------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_every_schema_is_a_draft_2020_12_schema_naming_variant_kind_and_version(variant: str, kind: str) -> None:
    """Each schema passes the meta-schema and carries its dialect, id, title and description."""
    schema = schema_for(variant, kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == SCHEMA_DIALECT == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == schema_id(variant, kind)
    assert f"v{FORMAT_VERSION}" in schema["$id"] and variant in schema["$id"] and schema["$id"].endswith(kind)
    assert variant in schema["title"] and schema["description"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_object_forbids_unknown_keys_and_requires_every_field(variant: str) -> None:
    """The converter refuses unknown keys and always writes every field: the schemas say both."""
    objects = 0
    for schema in schemas_for(variant).values():
        for name, definition in schema["$defs"].items():
            if definition.get("type") == "object":
                objects += 1
                assert definition["additionalProperties"] is False, name
                assert sorted(definition["required"]) == sorted(definition["properties"]), name
    assert objects >= 5


def test_actions_and_events_are_one_of_their_classes_by_type_tag() -> None:
    """The action and event kinds are a oneOf, each branch an object whose type is a const tag."""
    variant = tablegames.get_variant("four-point-smear")
    tags = {"action": [c.tag for c in variant.action_classes], "event": [c.tag for c in variant.event_classes]}
    for kind, classes in tags.items():
        schema = schema_for(variant, kind)
        union = schema["$defs"][schema["$ref"].rsplit("/", 1)[1]]
        assert len(union["oneOf"]) == len(classes)
        for branch, tag in zip(union["oneOf"], classes, strict=True):
            definition = schema["$defs"][branch["$ref"].rsplit("/", 1)[1]]
            assert definition["properties"]["type"] == {"const": tag}
            assert definition["required"][0] == "type"


def test_pieces_are_the_variants_pieces_and_options_carry_their_bounds() -> None:
    """Tiles and cards are enums of the variant's pieces; option bounds and choices come from the validators."""
    sniff = schema_for("american-sniff", "event")["$defs"]["Tile"]
    assert sniff["type"] == "string" and len(sniff["enum"]) == 28 and "6-4" in sniff["enum"]
    assert "4-6" not in sniff["enum"]
    cards = schema_for("four-point-smear", "action")["$defs"]["Card"]["enum"]
    assert len(cards) == 32 and {"AS", "10H", "7C", "JD"} <= set(cards) and "2S" not in cards
    smear = schema_for("four-point-smear", "options")["$defs"]["SmearOptions"]["properties"]
    assert (smear["seen_undealt"]["minimum"], smear["seen_undealt"]["maximum"]) == (0, 3)
    assert smear["high_low"]["enum"] == ["ace-seven", "in-play"]
    assert smear["target"]["minimum"] == 1 and smear["target"]["default"] == 15
    players = schema_for("american-sniff", "options")["$defs"]["SniffOptions"]["properties"]["players"]
    assert (players["minimum"], players["maximum"], players["default"]) == (2, 4, 4)
    target = schema_for("american-sniff", "options")["$defs"]["SniffOptions"]["properties"]["target"]
    assert "default" not in target and target["minimum"] == 1


@pytest.mark.parametrize("variant", tablegames.variant_names())
def test_every_int_option_of_every_variant_has_a_maximum(variant: str) -> None:
    """Every int option has a "maximum" or an "enum" in the options schema (a target at most 10,000)."""
    schema = schema_for(variant, "options")
    properties = schema["$defs"][schema["$ref"].removeprefix("#/$defs/")]["properties"]
    ints = {name: prop for name, prop in properties.items() if prop.get("type") == "integer"}
    assert ints, "every variant here has an int option"
    for name, prop in ints.items():
        assert "maximum" in prop or "enum" in prop, f"{variant} option {name} has no maximum"
    if "target" in ints:
        assert ints["target"]["maximum"] == 10_000
    log = schema_for(variant, "log")["$defs"]["FullLog"]["properties"]["seed"]
    assert (log["minimum"], log["maximum"]) == (-(2**63), 2**64 - 1)


def test_descriptions_come_from_the_docstrings() -> None:
    """Classes and fields are described by their docstrings, as plain text with null for None."""
    schema = schema_for("american-sniff", "event")
    drawn = schema["$defs"]["TileDrawn"]
    assert drawn["description"].startswith("A seat with no legal placement drew a tile")
    assert drawn["properties"]["tile"]["description"] == "The tile drawn (null where hidden)."
    assert schema_for("american-sniff", "view")["description"].startswith("Everything one seat may know.")


def test_hidden_fields_allow_null_and_shown_ones_do_not() -> None:
    """Redaction nulls a hidden field, so its schema allows null; a field never hidden refuses it."""
    events = schema_for("four-point-smear", "event")["$defs"]
    for name, field in (("HandDealt", "undealt"), ("UndealtTaken", "cards"), ("Discarded", "cards")):
        assert {"type": "null"} in events[name]["properties"][field]["anyOf"], (name, field)
    assert rejects("four-point-smear", "event", {"type": "card_played", "seat": 1, "card": None})
    assert not rejects("american-sniff", "event", {"type": "tile_drawn", "seat": 1, "tile": None})


def test_schema_for_refuses_unknown_variants_and_kinds() -> None:
    """An unknown variant or kind is a clear error naming what is allowed."""
    with pytest.raises(UnknownVariantError, match="nope"):
        schema_for("nope", "log")
    with pytest.raises(InvalidOptionsError, match=r"'logs'.*allowed: options, deal, action, event, view, log"):
        schema_for("american-sniff", "logs")
    with pytest.raises(TableGamesError, match="variant name or a Game subclass"):
        schema_for(int, "log")  # type: ignore[arg-type]


def test_schema_for_returns_a_copy() -> None:
    """Changing a returned schema does not change the next one."""
    first = schema_for("american-sniff", "log")
    first["$defs"].clear()
    assert schema_for("american-sniff", "log")["$defs"]


# -- shipped files ---------------------------------------------------------------------------


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate_schemas", ROOT / "tools" / "generate_schemas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_schemas_equal_freshly_generated_ones() -> None:
    """The package data under tablegames/schemas is what the generator makes now."""
    problems = _script().differences()
    assert not problems, "the shipped schemas are out of date; run: python tools/generate_schemas.py\n" + "\n".join(
        problems
    )
    folder = importlib.resources.files("tablegames") / "schemas"
    for variant in VARIANTS:
        for kind in SCHEMA_KINDS:
            text = (folder / variant / f"{kind}.json").read_text(encoding="utf-8")
            assert text == format_schema(schema_for(variant, kind))
            assert text.endswith("}\n") and json.loads(text) == schema_for(variant, kind)


def test_the_generator_writes_every_file_and_removes_stale_ones(tmp_path: Path) -> None:
    """The script writes one file per variant and kind, finds differences and removes stale files."""
    script = _script()
    (tmp_path / "old-variant").mkdir()
    (tmp_path / "old-variant" / "log.json").write_text("{}\n")
    assert "stale" in " ".join(script.differences(tmp_path))
    written = script.write(tmp_path)
    assert len(written) == len(VARIANTS) * len(SCHEMA_KINDS) + 1
    assert not (tmp_path / "old-variant").exists()
    assert script.differences(tmp_path) == []
    (tmp_path / "american-sniff" / "view.json").write_text("{}\n")
    assert script.differences(tmp_path) == [f"out of date {tmp_path / 'american-sniff' / 'view.json'}"]


# -- every form a game produces --------------------------------------------------------------


_GAMES: Final = settings(max_examples=max(2, settings().max_examples // 4))
"""A quarter of the profile's examples for the whole-game tests (jsonschema validates slowly)."""


@_GAMES
@given(case=game_cases, target=st.sampled_from((5, 20, 40)))
def test_every_sniff_form_matches_its_schema(case: GameCase, target: int) -> None:
    """Options, every legal action, every view after every step, every event and log of a Sniff game validate."""
    game = tablegames.new_game("american-sniff", seed=case.seed, players=case.players, target=target)
    play_and_check(game, case.rng(), steps=40)


@_GAMES
@given(case=smear_cases)
def test_every_smear_form_matches_its_schema(case: SmearCase) -> None:
    """Options, every legal action, every view after every step, every event and log of a Smear game validate.

    A target of 1 (for the strategy's default of 15) ends most games within the first hand.
    """
    options = attrs.asdict(case.options)
    if case.options.target == 15:
        options["target"] = 1
    game = tablegames.new_game("four-point-smear", seed=case.seed, **options)
    play_and_check(game, case.rng(), steps=40)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_logs_events_are_the_event_schemas_events(variant: str) -> None:
    """The log schema's events are the event schema's definitions: checking them one by one is checking the log."""
    log, event = schema_for(variant, "log"), schema_for(variant, "event")
    for name in ("FullLog", "RedactedLog"):
        items = log["$defs"][name]["properties"]["events"]["items"]
        assert items == {"$ref": event["$ref"]} == {"$ref": "#/$defs/Event"}
    for name, definition in event["$defs"].items():
        assert log["$defs"][name] == definition


@pytest.mark.parametrize("variant", VARIANTS)
def test_whole_logs_of_a_long_game_validate(variant: str) -> None:
    """A game played for 80 steps gives a full log and redacted logs that validate whole."""
    game = tablegames.new_game(variant, seed=4)
    rng = random.Random(4)
    for _ in range(80):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    for seat in (None, *range(game.players)):
        log = json_of(game.log(seat))
        assert VALIDATORS[variant, "log"].is_valid(log), seat
    ended = "hand_ended" if variant == "american-sniff" else "hand_scored"
    assert {e["type"] for e in json_of(game.log())["events"]} >= {"hand_dealt", ended}


@given(data=st.data(), players=st.sampled_from((2, 3, 4)))
def test_stacked_sniff_deals_and_a_log_holding_them_validate(data: st.DataObject, players: int) -> None:
    """Stacked deals, as given and as the library writes them, and a full log with unused deals validate."""
    deals = [data.draw(deal_json(players, leader=False)) for _ in range(2)]
    for deal in deals:
        check("american-sniff", "deal", {"leader": None, **deal})
    game = tablegames.new_game("american-sniff", seed=1, players=players, deals=deals)
    log = json_of(game.log())
    assert len(log["deals"]) == 1
    check("american-sniff", "log", log)
    check("american-sniff", "deal", log["deals"][0])


@given(data=st.data())
def test_stacked_smear_deals_and_a_log_holding_them_validate(data: st.DataObject) -> None:
    """Smear's stacked deals and a full log with unused deals validate."""
    deals = [data.draw(smear_deal_json()) for _ in range(2)]
    for deal in deals:
        check("four-point-smear", "deal", deal)
    game = tablegames.new_game("four-point-smear", seed=1, deals=deals)
    log = json_of(game.log())
    check("four-point-smear", "log", log)
    check("four-point-smear", "deal", log["deals"][0])


# -- what the schemas refuse -----------------------------------------------------------------


def _sample_log(variant: str, seat: int | None = None) -> dict[str, Any]:
    game = tablegames.new_game(variant, seed=11)
    rng = random.Random(3)
    for _ in range(12):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    data: dict[str, Any] = json_of(game.log(seat))
    return data


@pytest.mark.parametrize("variant", VARIANTS)
def test_schemas_refuse_what_load_log_refuses(variant: str) -> None:
    """A wrong type tag, an unknown key, a bad piece and a wrong version are refused, as load_log refuses them."""
    log = _sample_log(variant)
    check(variant, "log", log)
    dealt = next(i for i, e in enumerate(log["events"]) if e["type"] == "hand_dealt")

    def spoiled(change: Any) -> dict[str, Any]:
        bad = copy.deepcopy(log)
        change(bad)
        return bad

    def wrong_tag(bad: dict[str, Any]) -> None:
        bad["events"][dealt]["type"] = "hand_delt"

    def unknown_key(bad: dict[str, Any]) -> None:
        bad["events"][dealt]["extra"] = 1

    def bad_piece(bad: dict[str, Any]) -> None:
        bad["events"][dealt]["hands"][0][0] = "7-7" if variant == "american-sniff" else "2S"

    def wrong_version(bad: dict[str, Any]) -> None:
        bad["version"] = FORMAT_VERSION + 1

    def seed_in_redacted(bad: dict[str, Any]) -> None:
        bad["seat"] = 0

    for change in (wrong_tag, unknown_key, bad_piece, wrong_version, seed_in_redacted):
        bad = spoiled(change)
        assert rejects(variant, "log", bad), change.__name__
        with pytest.raises(LogError):
            tablegames.load_log(json.dumps(bad))
    event = log["events"][dealt]
    assert rejects(variant, "event", {**event, "type": "hand_delt"})
    assert rejects(variant, "event", {**event, "extra": 1})
    assert rejects(variant, "event", spoiled(bad_piece)["events"][dealt])
    assert not rejects(variant, "event", event)


@pytest.mark.parametrize("variant", VARIANTS)
def test_redacted_logs_validate_and_refuse_a_seed(variant: str) -> None:
    """A redacted log carries a seat and no seed; a seat out of range is refused."""
    log = _sample_log(variant, seat=1)
    check(variant, "log", log)
    assert rejects(variant, "log", {**log, "seed": 3})
    assert rejects(variant, "log", {**log, "seat": 4})
    assert rejects(variant, "log", {**log, "variant": "other"})


def test_actions_refuse_bad_forms() -> None:
    """Action schemas refuse an unknown tag, a missing field, an extra key and a piece outside the game."""
    check("four-point-smear", "action", {"type": "bid", "amount": 3})
    check("four-point-smear", "action", {"type": "pass"})
    check("american-sniff", "action", {"type": "play", "tile": "6-4", "end": None})
    for variant, action in (
        ("four-point-smear", {"type": "fold"}),
        ("four-point-smear", {"type": "bid"}),
        ("four-point-smear", {"type": "pass", "amount": 2}),
        ("four-point-smear", {"type": "play", "card": "2S"}),
        ("four-point-smear", {"type": "bid", "amount": 3.5}),
        ("american-sniff", {"type": "play", "tile": "6-4"}),
        ("american-sniff", {"type": "play", "tile": "6-9", "end": "W"}),
        ("american-sniff", {"type": "play", "tile": 64, "end": "W"}),
        ("american-sniff", {"type": "play", "tile": "6-4", "end": "X"}),
    ):
        assert rejects(variant, "action", action), action


def test_named_values_are_enums() -> None:
    """Fields that take one of a few names accept those names and refuse others."""
    scored = {"type": "scored", "seat": 0, "side": 0, "points": 10, "total": 10}
    check("american-sniff", "event", {**scored, "reason": "count"})
    assert rejects("american-sniff", "event", {**scored, "reason": "bonus"})
    ended = {"type": "hand_ended", "hand_number": 1, "seat": None, "hands": [[], []]}
    check("american-sniff", "event", {**ended, "reason": "blocked"})
    assert rejects("american-sniff", "event", {**ended, "reason": "tired"})


# -- a variant from elsewhere ----------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ToyOptions:
    """Options of a toy variant."""

    players: int = attrs.field(default=2, validator=[attrs.validators.ge(2), attrs.validators.le(4)])
    """How many play."""
    speed: str = attrs.field(default="slow", validator=attrs.validators.in_(("slow", "fast")))
    """How fast."""
    label: str = attrs.field(default="", metadata={"json_schema": {"maxLength": 8}})
    """A short label."""


@attrs.frozen(kw_only=True)
class ToyView:
    """A toy view."""

    seat: int
    """The seat."""
    extra: tuple[int, int] | None
    """A pair, or nothing."""


class Toy(Sniff):
    """A variant defined outside the library: its schemas come from its classes alone."""

    name: ClassVar[str] = "toy-sniff"
    options_class: ClassVar[type[Any]] = ToyOptions

    def view(self, seat: int) -> ToyView:  # type: ignore[override]
        return ToyView(seat=seat, extra=None)


class Viewless(Sniff):
    """A variant whose view method does not say what it returns."""

    name: ClassVar[str] = "viewless"

    def view(self, seat: int) -> Any:
        return SniffView


def test_a_variant_from_elsewhere_gets_schemas_from_its_classes() -> None:
    """Options, view and log schemas follow a new variant's own classes, validators and metadata."""
    options = _validator(schema_for(Toy, "options"))
    assert options.is_valid({"players": 3, "speed": "fast", "label": "x"})
    assert not options.is_valid({"players": 5, "speed": "fast", "label": "x"})
    assert not options.is_valid({"players": 3, "speed": "warp", "label": "x"})
    assert not options.is_valid({"players": 3, "speed": "fast", "label": "much too long"})
    view = _validator(schema_for(Toy, "view"))
    assert view.is_valid({"seat": 0, "extra": [1, 2]}) and view.is_valid({"seat": 0, "extra": None})
    assert not view.is_valid({"seat": 0, "extra": [1, 2, 3]})
    log = schema_for(Toy, "log")
    assert log["$id"] == "urn:tablegames:schema:v2:toy-sniff:log"
    assert log["$defs"]["FullLog"]["properties"]["variant"] == {
        "description": "The registered name of the variant.",
        "const": "toy-sniff",
    }
    assert view_class(Toy) is ToyView


def test_a_view_without_a_return_annotation_is_a_clear_error() -> None:
    """The view schema needs the view method's return annotation; without it the error says so."""
    with pytest.raises(TableGamesError, match=r"Viewless.view must be annotated"):
        schema_for(Viewless, "view")
