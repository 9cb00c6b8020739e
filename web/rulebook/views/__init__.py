"""The rulebook pages (/rules/), one module per area; urls.py names the views."""
