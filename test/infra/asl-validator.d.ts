// asl-validator 4 ships no type declarations: what the infra tests call of it.
declare module 'asl-validator' {
  interface AslValidation {
    isValid: boolean;
    errorsText(separator?: string): string;
  }
  export default function validator(
    definition: unknown,
    options?: { checkPaths?: boolean; checkArn?: boolean },
  ): AslValidation;
}
