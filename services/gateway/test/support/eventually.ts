export { eventually } from "@tubedigest/testing";
