"""The bare floor of benchmarks/http_bench.py: a Django project of one template view, nothing else."""
