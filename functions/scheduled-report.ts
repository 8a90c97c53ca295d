// Placeholder so that the CDK stack synthesizes; the real entry point replaces this file.
export const handler = async (): Promise<never> => {
  throw new Error('not implemented');
};
