export { default } from './auth-page';
export { NewPasswordPage } from './new-password-page';
export { TwoStepCodePage } from './two-step-code-page';
