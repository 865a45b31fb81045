// @hey-api/openapi-ts: types, SDK and its fetch client from the contract, compiled under tsc --strict by the tests.
export default {
  input: "../../openapi.yaml",
  output: "generated/hey-api",
  plugins: ["@hey-api/client-fetch", "@hey-api/typescript", "@hey-api/sdk"],
};
