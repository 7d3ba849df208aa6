import { preparePristineDataDir } from "@tubedigest/db";

// Run by the build: makes, once per machine, the pristine database a new data folder is copied from, so
// even the first `make start` on an empty DATA_DIR copies files instead of running PGlite's initdb.
await preparePristineDataDir();
