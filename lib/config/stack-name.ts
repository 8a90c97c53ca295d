/** The CloudFormation stack's name, which `cdk deploy` creates and the operator commands look for. */
export const STACK_NAME = 'InvoiceReports';
