import { serviceBuild } from "../../tsup.service.ts";

export default serviceBuild(["src/main.ts", "src/prepare-database.ts"]);
