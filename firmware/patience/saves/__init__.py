"""Nothing lost: what is kept (records), where (store: two NVM slots) and
when (keeper)."""
