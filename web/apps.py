from django.apps import AppConfig


class WebConfig(AppConfig):
    """The pages of every app (views, forms, urls, template tags, the JSON API): one layer above all the
    apps' domain, which any page may use and which never imports a page (docs/architecture.md)."""

    name = "web"
    verbose_name = "Dugout pages"
