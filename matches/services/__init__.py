"""Match operations: pre-match sequence, drives and events, post-match sequence."""
