"""Loading a page twice in the freshness tests (dugout.freshness): the second answer comes from the cache."""


def load_page(client, url, **headers):
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response


def page_html(client, url):
    return load_page(client, url).content.decode()


def cached_page(client, url):
    """The page, loaded twice (the second from the cache): both the same."""
    first, second = page_html(client, url), page_html(client, url)
    assert first == second or "csrf" in first
    return second
