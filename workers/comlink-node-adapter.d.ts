// comlink 4.4.2 has no exports map; its Node adapter is imported by path (STACK.md).
declare module "comlink/dist/esm/node-adapter.mjs" {
  import type { Endpoint } from "comlink";
  export default function nodeEndpoint(nep: unknown): Endpoint;
}
