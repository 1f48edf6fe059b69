// First, so that every module of the screen finds its English texts when it runs.
import './english';
export { default } from './auth-page';
export { NewPasswordPage } from './new-password-page';
export { TwoStepCodePage } from './two-step-code-page';
