"""What every list game (Libros, Partidos, Películas) does the same way, checked for each: the
launcher opens its list. (The rest is in test_books.py, test_matches.py and test_movies.py.)"""

import pytest

from list_games import STAND_INS, check_home_opens, loaded_stand_in_items


@pytest.mark.parametrize("app", STAND_INS)
def test_home_opens_the_list(server, page, app):
    check_home_opens(server, page, app, len(loaded_stand_in_items(server, app, STAND_INS[app])))
