// @usebruno/lang's readers, imported one by one (its index also loads dotenv, which needs Node's fs).
declare module '@usebruno/lang/v2/src/bruToJson' {
  const bruToJson: (text: string) => Record<string, unknown>;
  export default bruToJson;
}
declare module '@usebruno/lang/v2/src/envToJson' {
  const envToJson: (text: string) => { variables?: Array<{ name: string; value: string; enabled?: boolean; secret?: boolean }> };
  export default envToJson;
}
declare module '@usebruno/lang/v2/src/jsonToBru' {
  const jsonToBru: (json: object) => string;
  export default jsonToBru;
}
declare module '@usebruno/lang/v2/src/jsonToEnv' {
  const jsonToEnv: (json: object) => string;
  export default jsonToEnv;
}
declare module '@usebruno/lang/v2/src/collectionBruToJson' {
  const collectionBruToJson: (text: string) => Record<string, unknown>;
  export default collectionBruToJson;
}
declare module '@usebruno/lang/v2/src/jsonToCollectionBru' {
  const jsonToCollectionBru: (json: object) => string;
  export default jsonToCollectionBru;
}
