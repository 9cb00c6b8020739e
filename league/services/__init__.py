"""The league's business operations: plain functions with keyword-only arguments.

Other apps use these; the matches app reports a played game with
`league.services.submit_result(fixture=..., submitted_by=..., home_score=..., away_score=...,
home_cas=..., away_cas=..., conceded_by=None)`.
"""

from league.services.results import confirm_result, submit_result

__all__ = ["confirm_result", "submit_result"]
