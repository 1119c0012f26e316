"""A WordPress site of the REST API's contract (`/wp-json/wp/v2/posts`, `/users/{id}`,
`/categories/{id}`) that a test controls: the look-ups of authors and categories can answer
slowly, a post's featured image can be broken, and a post may carry its own `content` (HTML) or
be `protected` by a password. adivina talks to it through
`--news-server URL`."""

import time
import urllib.parse

from fake_server import FakeServer

IMAGE = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 25'>"
         "<rect width='40' height='25' fill='hsl({hue},70%,55%)'/></svg>")


def default_posts():
    return [
        {"id": 11, "title": "Primera &amp; única", "author": 1, "categories": [1, 2], "image": "ok"},
        {"id": 12, "title": "Sin imagen", "author": 2, "categories": [2], "image": None},
        {"id": 13, "title": "Imagen rota", "author": 1, "categories": [3], "image": "broken"},
    ]


class FakeWordPress(FakeServer):
    json_content_type = "application/json; charset=UTF-8"

    def __init__(self, posts=None):
        self.posts = posts or default_posts()
        self.names_delay_s = 0.0  # users/{id} and categories/{id} answer after this delay

    def item(self, post, index):
        image = {"ok": f"{self.url}/images/{post['id']}.svg",
                 "broken": f"{self.url}/images/missing-{post['id']}.png"}.get(post["image"], "")
        day = 10 + index
        return {
            "id": post["id"],
            "date": f"2026-10-{day}T10:00:00",
            "date_gmt": f"2026-10-{day}T08:00:00",
            "link": f"{self.url}/?p={post['id']}",
            "title": {"rendered": post["title"]},
            "content": {"rendered": "" if post.get("protected") else post.get("content", f"<p>Contenido de {post['id']}.</p>"),
                        "protected": bool(post.get("protected"))},
            "excerpt": {"rendered": f"<p>Extracto de la entrada {post['id']}.</p>", "protected": False},
            "author": post["author"],
            "categories": post["categories"],
            "jetpack_featured_media_url": image,
        }

    def handle(self, request):
        url = urllib.parse.urlsplit(request.path)
        parts = url.path.strip("/").split("/")


        if parts[0] == "images" and not parts[-1].startswith("missing"):
            return self.send(request, 200, IMAGE.format(hue=len(parts[-1]) * 53 % 360), "image/svg+xml")
        if parts[:3] != ["wp-json", "wp", "v2"]:
            return self.send(request, 404, {"code": "rest_no_route", "message": "No route was found.", "data": {"status": 404}})
        rest = parts[3:]
        if rest == ["posts"]:
            items = [self.item(post, index) for index, post in enumerate(self.posts)]
            return self.send(request, 200, items, headers=[("X-WP-Total", str(len(items))), ("X-WP-TotalPages", "1")])
        if len(rest) == 2 and rest[0] in ("users", "categories") and rest[1].isdigit():
            time.sleep(self.names_delay_s)
            number = int(rest[1])
            if rest[0] == "users":
                return self.send(request, 200, {"id": number, "name": f"Autora {number}", "slug": f"autora-{number}"})
            return self.send(request, 200, {"id": number, "name": f"Categoría {number}", "slug": f"categoria-{number}"})
        return self.send(request, 404, {"code": "rest_no_route", "message": "No route was found.", "data": {"status": 404}})
