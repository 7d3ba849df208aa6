import { mutationConfig } from "./shared.mjs";

export default mutationConfig({
  name: "catalog",
  mutate: ["services/catalog/src/domain/**/*.ts"],
  testFiles: ["services/catalog/{src,test}/**/!(*.property).test.ts"],
});
