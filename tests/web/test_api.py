"""The JSON API's contract, route by route: creating games, a seat's observation, actions and
every refusal (403, 404, 409, 413, 422), records, replays, hints, odds, targets, warnings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import tobago_solver as tb
import tranquility_solver as tq
from tabletop_web.live import TOKEN_BYTES
from tests.web.conftest import client_for, games_in, observe, wait_turn
from tobago_solver.cli import main as tobago_main
from tranquility_solver.cli import main as tranquility_main


def _create(client: TestClient, **request: object) -> tuple[str, dict[str, str]]:
    response = client.post("/api/games", json=request)
    assert response.status_code == 201, response.text
    body = response.json()
    return body["id"], body["seats"]


def _act(client: TestClient, game: str, token: str, action: str) -> object:
    return client.post(f"/api/games/{game}/actions", json={"seat": token, "action": action})


# -- creating ---------------------------------------------------------------------------------


def test_a_new_game_gives_one_unguessable_token_per_human_seat(tobago: TestClient) -> None:
    game, seats = _create(tobago, players=3, humans=[0, 2], bots="heuristic", seed=4)
    assert sorted(seats) == ["0", "2"]
    # token_urlsafe(24): 32 characters of 6 bits each.
    assert all(len(token) >= 32 for token in seats.values())
    assert TOKEN_BYTES * 8 >= 128
    assert seats["0"] != seats["2"]
    page = tobago.get(f"/game/{game}/{seats['2']}")
    assert page.status_code == 200
    assert 'name="move"' in page.text
    assert 'role="status"' in page.text


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ({"players": 9}, "players must be 2 to 4"),
        ({"players": 2, "bots": "dancer"}, "unknown bot 'dancer'"),
        ({"players": 3, "bots": ["greedy"]}, "bots lists 1 names for 2 bot seats"),
        ({"players": 2, "humans": [5]}, "seat 5 is not 0 to 1"),
        ({"players": 2, "humans": [0, 0]}, "names a seat twice"),
        ({"players": 2, "rules": "house"}, "rules 'house'"),
        ({"players": 2, "seed": -1}, "seed must be 0"),
        ({"players": 2, "seed": "x"}, "seed must be a whole number"),
        ({"players": 2, "island": "Atlantis"}, "Atlantis"),
        ({"players": 2, "colour": "red"}, "unknown key 'colour'"),
    ],
)
def test_a_set_up_that_cannot_be_dealt_is_422(
    tobago: TestClient, request_body: dict[str, object], words: str
) -> None:
    response = tobago.post("/api/games", json=request_body)
    assert response.status_code == 422
    assert words in response.json()["error"]


def test_a_body_that_is_no_object_is_400(tobago: TestClient) -> None:
    assert tobago.post("/api/games", content=b"{not json").status_code == 400
    assert tobago.post("/api/games", json=[1, 2]).status_code == 400


def test_bots_may_be_named_one_per_bot_seat(tranquility: TestClient) -> None:
    game, seats = _create(tranquility, players=3, humans=[1], bots=["random", "heuristic"], seed=2)
    seen = observe(tranquility, game, seats["1"])
    assert seen["seats"] == ["bot: random", "you", "bot: heuristic"]


# -- observing --------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_never_another(tranquility: TestClient) -> None:
    game, seats = _create(tranquility, players=2, humans=[0, 1], seed=1)
    state = games_in(tranquility).get(game).state
    for seat, other in ((0, 1), (1, 0)):
        response = tranquility.get(
            f"/api/games/{game}", params={"seat": seats[str(seat)], "svg": "1"}
        )
        seen = response.json()
        for key in ("turn", "current_player", "over", "result", "hand"):
            assert key in seen
        assert seen["hand"] == [str(card) for card in state.hands[seat]]
        hidden = " ".join(str(card) for card in state.hands[other])
        assert hidden not in response.text  # neither as a list nor in the picture
        assert f"your hand: {' '.join(seen['hand'])}" in seen["svg"]


def test_tobago_observation_holds_the_public_board_and_own_hand(tobago: TestClient) -> None:
    game, seats = _create(tobago, players=2, humans=[0, 1], seed=3, island="ABC-2")
    state = games_in(tobago).get(game).state
    seen = observe(tobago, game, seats["1"])
    assert seen["island"] == "ABC-2"
    assert seen["current_player"] == 0
    assert not seen["over"]
    assert seen["hand"] == [str(clue) for clue in state.hands[1]]
    assert seen["legal"] == []  # not P1's turn
    assert observe(tobago, game, seats["0"])["legal"]


def test_unknown_game_is_404_and_unknown_seat_403(tobago: TestClient) -> None:
    game, seats = _create(tobago, players=2, seed=1)
    assert tobago.get("/api/games/nope", params={"seat": seats["0"]}).status_code == 404
    assert tobago.get(f"/api/games/{game}", params={"seat": "guess"}).status_code == 403
    assert tobago.get(f"/api/games/{game}").status_code == 403
    assert _act(tobago, game, "guess", "end").status_code == 403  # type: ignore[attr-defined]
    assert _act(tobago, "nope", seats["0"], "end").status_code == 404  # type: ignore[attr-defined]
    assert tobago.get(f"/game/{game}/guess").status_code == 403


# -- acting -----------------------------------------------------------------------------------


def test_an_action_answers_the_new_observation(tobago: TestClient) -> None:
    game, seats = _create(tobago, players=2, humans=[0, 1], seed=1)
    response = _act(tobago, game, seats["0"], "play 2 grey")
    assert response.status_code == 200  # type: ignore[attr-defined]
    seen = response.json()  # type: ignore[attr-defined]
    assert seen["action"] == "play in sight of sea on grey"
    assert seen["maps"][0]["clues"] == ["in sight of sea"]
    assert seen["current_player"] == 1
    assert seen["turn"] == 1
    assert seen["log"] == [{"number": 1, "player": 0, "action": "play in sight of sea on grey"}]


def test_acting_out_of_turn_is_409(tobago: TestClient) -> None:
    game, seats = _create(tobago, players=2, humans=[0, 1], seed=1)
    response = _act(tobago, game, seats["1"], "end")
    assert response.status_code == 409  # type: ignore[attr-defined]
    assert "P0's turn" in response.json()["error"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("dance", "cannot read action 'dance'"),
        ("play 9 grey", "you hold 6 clue cards"),
        ("take amulet", "take amulet"),
        ("", "give the action as text"),
    ],
)
def test_an_unreadable_or_illegal_action_is_422_with_the_reason(
    tobago: TestClient, action: str, words: str
) -> None:
    game, seats = _create(tobago, players=2, humans=[0, 1], seed=1)
    response = _act(tobago, game, seats["0"], action)
    assert response.status_code == 422  # type: ignore[attr-defined]
    assert words in response.json()["error"]  # type: ignore[attr-defined]


def test_an_illegal_tranquility_play_is_refused_with_the_engines_reason(
    tranquility: TestClient,
) -> None:
    game, seats = _create(tranquility, players=2, humans=[0, 1], seed=1)
    response = _act(tranquility, game, seats["0"], "4 a1")
    assert response.status_code == 422  # type: ignore[attr-defined]
    assert response.json()["error"] == "play 4 a1: player 0 holds 3 5 12 45 68, not all of 4"  # type: ignore[attr-defined]


def test_bodies_over_64_kib_are_413_streamed_or_not(tobago: TestClient) -> None:
    game, seats = _create(tobago, players=2, seed=1)
    big = json.dumps({"seat": seats["0"], "action": "x" * 70_000})
    response = tobago.post(f"/api/games/{game}/actions", content=big)
    assert response.status_code == 413
    assert "64 KiB" in response.json()["error"]

    def chunks():  # type: ignore[no-untyped-def]
        for _ in range(20):
            yield b" " * 4096

    streamed = tobago.post("/api/games", content=chunks())
    assert streamed.status_code == 413
    assert tobago.post("/api/games", content=b" " * 60_000 + b"{}").status_code == 201


def test_no_response_holds_a_traceback(tmp_path: Path) -> None:
    with client_for("tobago", tmp_path, raise_server_exceptions=False) as client:
        game, seats = _create(client, players=2, seed=1)
        adapter = games_in(client).adapter

        def broken(*args: object) -> dict[str, object]:
            raise RuntimeError("deep inside")

        adapter.observation = broken  # type: ignore[method-assign]
        response = client.get(f"/api/games/{game}", params={"seat": seats["0"]})
        assert response.status_code == 500
        assert response.json() == {"error": "internal error"}
        for answer in (
            response,
            client.get("/no/such/page"),
            client.delete("/api/games"),
            client.post("/api/games", content=b"\xff\xfe"),
        ):
            assert "Traceback" not in answer.text
            assert "deep inside" not in answer.text
            assert "error" in answer.json()


# -- bots, records, replays -------------------------------------------------------------------


def _finish_tobago(client: TestClient) -> tuple[str, str]:
    game, seats = _create(client, players=2, humans=[0], bots="greedy", seed=5)
    token = seats["0"]
    bot, rng = tb.GreedyBot(), random.Random(0)
    while not wait_turn(client, game, token)["over"]:
        state = games_in(client).get(game).state
        action = bot.choose(state.observation(0), rng)
        assert _act(client, game, token, str(action)).status_code == 200  # type: ignore[attr-defined]
    return game, token


def test_a_whole_game_with_a_bot_ends_with_the_result_and_its_record(
    tobago: TestClient, tmp_path: Path
) -> None:
    game, token = _finish_tobago(tobago)
    seen = observe(tobago, game, token)
    assert seen["over"]
    assert seen["current_player"] is None
    assert seen["result"]["end_reason"]
    assert seen["status"].startswith("game over")
    response = tobago.get(f"/api/games/{game}/record", params={"seat": token})
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = tb.GameRecord.from_json(response.text)
    assert record.bots == ("human", "greedy")
    assert list(record.scores) == seen["result"]["scores"]
    path = tmp_path / "record.json"
    path.write_text(response.text, encoding="utf-8")
    assert tobago_main(["replay", str(path), "--quiet"]) == 0
    opened = tobago.post("/api/replays", json={"record": response.text}).json()
    assert opened["steps"] == len(record.actions) + 1
    assert opened["captions"][0] == "the deal"
    last = tobago.get(f"/api/replays/{opened['id']}/{opened['steps'] - 1}")
    assert last.headers["content-type"].startswith("image/svg+xml")
    assert "game over" in last.text
    assert tobago.get(f"/api/replays/{opened['id']}/{opened['steps']}").status_code == 404
    assert tobago.get("/api/replays/nope/0").status_code == 404
    assert _act(tobago, game, token, "end").status_code == 409  # type: ignore[attr-defined]


def test_the_record_waits_for_the_end_since_it_holds_the_deal(tobago: TestClient) -> None:
    game, seats = _create(tobago, players=2, seed=1)
    response = tobago.get(f"/api/games/{game}/record", params={"seat": seats["0"]})
    assert response.status_code == 409


def test_a_record_that_does_not_replay_is_422(tranquility: TestClient) -> None:
    assert tranquility.post("/api/replays", json={"record": "{}"}).status_code == 422
    assert tranquility.post("/api/replays", json={"record": "nonsense"}).status_code == 422


def test_a_tranquility_game_played_through_the_api_replays_at_the_terminal(
    tranquility: TestClient, tmp_path: Path
) -> None:
    game, seats = _create(tranquility, players=1, humans=[0], seed=3)
    token, bot, rng = seats["0"], tq.HeuristicBot(), random.Random(0)
    while not (seen := observe(tranquility, game, token))["over"]:
        state = games_in(tranquility).get(game).state
        action = bot.choose(state.observation(0), rng)
        assert _act(tranquility, game, token, str(action)).status_code == 200  # type: ignore[attr-defined]
    record = tranquility.get(f"/api/games/{game}/record", params={"seat": token}).text
    path = tmp_path / "record.json"
    path.write_text(record, encoding="utf-8")
    assert tranquility_main(["replay", str(path)]) == 0
    assert tq.GameRecord.from_json(record).outcome == (
        "won" if seen["result"]["won"] else tq.GameRecord.from_json(record).outcome
    )
    assert seen["status"].startswith("game over")


def test_bots_move_on_the_server_until_a_person_is_to_move(tranquility: TestClient) -> None:
    game, seats = _create(tranquility, players=3, humans=[2], bots="heuristic", seed=6)
    seen = wait_turn(tranquility, game, seats["2"])
    assert [entry["player"] for entry in seen["log"]][:2] == [0, 1]


def test_a_face_down_discard_is_a_count_to_the_others(tranquility: TestClient) -> None:
    game, seats = _create(tranquility, players=2, humans=[0, 1], rules="published", seed=1)
    state = games_in(tranquility).get(game).state
    cards = sorted(state.hands[0])[:2]
    response = _act(tranquility, game, seats["0"], f"discard {cards[0]} {cards[1]}")
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert (
        observe(tranquility, game, seats["0"])["log"][0]["action"]
        == f"discard {cards[0]} {cards[1]}"
    )
    assert observe(tranquility, game, seats["1"])["log"][0]["action"] == "discard 2 cards face down"


# -- help for the seat ------------------------------------------------------------------------


def test_hint_on_your_turn_and_odds_where_the_game_has_them(
    tobago: TestClient, tranquility: TestClient
) -> None:
    game, seats = _create(tobago, players=2, humans=[0, 1], seed=1)
    hint = tobago.get(f"/api/games/{game}/hint", params={"seat": seats["0"]})
    assert hint.status_code == 200
    assert hint.json()["hint"].startswith("best first")
    assert tobago.get(f"/api/games/{game}/hint", params={"seat": seats["1"]}).status_code == 409
    assert tobago.get(f"/api/games/{game}/odds", params={"seat": seats["0"]}).status_code == 404
    game, seats = _create(tranquility, players=1, seed=2)
    odds = tranquility.get(f"/api/games/{game}/odds", params={"seat": seats["0"]})
    assert odds.status_code == 200
    assert "sampled worlds" in odds.json()["odds"]
    assert "safe" in tranquility.get(f"/api/games/{game}/hint", params={"seat": seats["0"]}).text


def test_targets_name_what_a_click_may_do(tobago: TestClient, tranquility: TestClient) -> None:
    game, seats = _create(tobago, players=2, humans=[0, 1], seed=1)
    found = tobago.get(f"/api/games/{game}/targets", params={"seat": seats["0"]}).json()
    assert "e5" in found["fields"]
    assert found["maps"]["in sight of sea"] == [
        "grey",
        "brown",
        "black",
        "white",
    ]
    game, seats = _create(tranquility, players=2, humans=[0, 1], seed=1)
    cells = tranquility.get(
        f"/api/games/{game}/targets", params={"seat": seats["0"], "card": "3"}
    ).json()["cells"]
    assert len(cells) == 36
    assert cells["a1"] == 0
    refused = tranquility.get(
        f"/api/games/{game}/targets", params={"seat": seats["0"], "card": "x"}
    )
    assert refused.status_code == 422


def test_a_move_into_a_dead_end_is_warned_of_before_it_is_made(tranquility: TestClient) -> None:
    game, seats = _create(tranquility, players=1, seed=0)
    url = f"/api/games/{game}/preview"
    warning = tranquility.post(url, json={"seat": seats["0"], "action": "10 f2"}).json()["warning"]
    assert "can no longer be filled" in warning
    assert tranquility.post(url, json={"seat": seats["0"], "action": "10 a1"}).json() == {
        "warning": ""
    }
    assert tranquility.post(url, json={"seat": seats["0"], "action": "4 a1"}).status_code == 422
    # The warning is the page's to give: the API makes the move when asked.
    assert _act(tranquility, game, seats["0"], "10 f2").status_code == 200  # type: ignore[attr-defined]


# -- restarting -------------------------------------------------------------------------------


def test_a_server_started_again_on_the_same_store_goes_on_with_the_game(tmp_path: Path) -> None:
    with client_for("tobago", tmp_path) as first:
        game, seats = _create(first, players=2, humans=[0], bots="greedy", seed=2)
        assert _act(first, game, seats["0"], "play 1 grey").status_code == 200  # type: ignore[attr-defined]
        before = wait_turn(first, game, seats["0"])
    with client_for("tobago", tmp_path) as again:
        after = wait_turn(again, game, seats["0"])
        assert after["log"] == before["log"]
        assert after["version"] == before["version"]
        assert after["hand"] == before["hand"]
        assert _act(again, game, seats["0"], "play 1 brown").status_code == 200  # type: ignore[attr-defined]


# -- other pages ------------------------------------------------------------------------------


def test_pages_and_pictures(tobago: TestClient, tranquility: TestClient) -> None:
    for client in (tobago, tranquility):
        assert client.get("/").status_code == 200
        assert client.get("/replay").status_code == 200
        assert client.get("/static/game.js").status_code == 200
    assert "ABC-2" in tobago.get("/").text
    picture = tobago.get("/api/islands/ABC-2.svg")
    assert picture.status_code == 200
    assert "data-field" in picture.text
    assert tobago.get("/api/islands/Atlantis.svg").status_code == 404
    assert tobago.get("/assist").status_code == 200
    assert tobago.get("/static/tobago/assist.js").status_code == 200
    assert tranquility.get("/assist").status_code == 404


def test_the_assistant_offers_legal_clues_and_refuses_others(tobago: TestClient) -> None:
    start = tobago.post("/api/assist", json={"island": "ABC-1"}).json()
    assert [entry["name"] for entry in start["maps"]] == ["grey", "brown", "black", "white"]
    played = tobago.post(
        "/api/assist",
        json={
            "table": start["table"],
            "do": "play",
            "map": "grey",
            "clue": "in lake",
            "view": "grey",
        },
    ).json()
    assert played["maps"][0]["candidates"] == ["h3", "i3", "c8", "c9", "i11", "h12", "i13"]
    options = {entry["clue"]: entry for entry in played["maps"][0]["options"]}
    assert not options["not in lake"]["legal"]
    assert options["not in lake"]["reason"]
    assert options["in largest lake"]["legal"]
    assert options["in largest lake"]["left"] == 3
    refused = tobago.post(
        "/api/assist",
        json={"table": played["table"], "do": "play", "map": "grey", "clue": "not in lake"},
    ).json()
    assert refused["table"] == played["table"]
    assert "contradicts" in refused["said"]
    car = tobago.post(
        "/api/assist", json={"table": played["table"], "do": "car", "label": "red", "field": "d4"}
    ).json()
    assert car["cars"][0]["field"] == "d4"
    assert car["cars"][0]["reach"]
    bad = tobago.post("/api/assist", json={"table": "{}", "do": "show"})
    assert bad.status_code == 422
    assert tobago.post("/api/assist", json={"island": "ABC-1", "do": "fly"}).status_code == 422
