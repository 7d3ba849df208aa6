export { eventually } from "@tubedigest/testing/eventually";
