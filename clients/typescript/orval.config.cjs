// orval: models and a fetch client from the contract, compiled under tsc --strict by the tests.
module.exports = {
  deskovka: {
    input: "../../openapi.yaml",
    output: { target: "generated/orval/client.ts", schemas: "generated/orval/model", client: "fetch", mode: "split",
              headers: true },
  },
};
