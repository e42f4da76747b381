export { default } from "../admin/layout";
