import { serviceBuild } from "../../tsup.service.ts";

export default serviceBuild();
