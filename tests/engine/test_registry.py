"""Finding games by name and validating their options."""

from __future__ import annotations

import pytest

import serai


def test_list_games_is_sorted_and_names_through_the_desert() -> None:
    names = serai.list_games()
    assert names == sorted(names)
    assert "through_the_desert" in names


def test_defaults_come_from_the_spec_r29() -> None:
    game = serai.load_game("through_the_desert")
    assert game.params() == {"players": 2, "board": "mountain"}


def test_players_out_of_range_names_the_allowed_range() -> None:
    with pytest.raises(serai.GameError, match="through_the_desert takes 2 to 5 players, not 7"):
        serai.load_game("through_the_desert", players=7)


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(serai.GameError, match="known options: players, board"):
        serai.load_game("through_the_desert", colour="pink")


def test_bad_option_value_names_the_allowed_values() -> None:
    with pytest.raises(serai.GameError, match="allowed mountain, river"):
        serai.load_game("through_the_desert", board="moon")


def test_unknown_game_names_the_known_games() -> None:
    with pytest.raises(serai.GameError, match=r"known games: .*through_the_desert"):
        serai.load_game("chess")


@pytest.mark.parametrize("bad", ["three", "", "²", "３", True, 2.5, "9" * 5000])
def test_players_must_be_a_whole_number(bad: object) -> None:
    with pytest.raises(serai.GameError, match="whole number"):
        serai.load_game("through_the_desert", players=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [["through_the_desert"], None, 5])
def test_a_game_is_named_by_text(bad: object) -> None:
    with pytest.raises(serai.GameError, match="a game is named by text"):
        serai.load_game(bad)  # type: ignore[arg-type]
    with pytest.raises(serai.GameError, match="a game is named by text"):
        serai.game_info(bad)  # type: ignore[arg-type]


def test_text_options_are_accepted_as_from_a_command_line() -> None:
    assert serai.load_game("through_the_desert", players="4").num_players == 4


def test_game_info_describes_the_options() -> None:
    info = serai.game_info("through_the_desert")
    assert (info.min_players, info.max_players) == (2, 5)
    assert info.option("board").choices == ("mountain", "river")
    with pytest.raises(serai.GameError):
        info.option("speed")


@pytest.mark.parametrize(
    ("text", "value"), [("true", True), ("Yes", True), ("1", True), ("false", False), ("no", False)]
)
def test_yes_no_options_accept_words(text: str, value: bool) -> None:
    assert serai.load_game("desert_sons", desert_border=text).options["desert_border"] is value


def test_a_yes_no_option_refuses_other_words() -> None:
    with pytest.raises(serai.GameError, match="allowed False, True"):
        serai.load_game("desert_sons", desert_border="maybe")


def test_an_open_ended_option_takes_any_whole_number_from_its_minimum() -> None:
    assert serai.load_game("nomads_of_arabia", max_turns="7").options["max_turns"] == 7
    assert serai.load_game("nomads_of_arabia", max_turns="1000000000").options["max_turns"] == 10**9
    for bad in (0, "abc", True, 2.5, "１２", "1_000", "9" * 5000):
        with pytest.raises(serai.GameError, match="allowed any whole number from 1"):
            serai.load_game("nomads_of_arabia", max_turns=bad)
