export { default } from './auth-page';
export { NewPasswordPage } from './new-password-page';
