// First, so that every module here finds its English texts when it runs.
import './english';
// The sign-in steps the staff areas share (the advocates' area, the operator's console): a password, the
// set-up link's new password, the authenticator's code, and setting up two-step sign-in when the server
// answers `two_step_needed`. Each area gives its own heading and words of why.
export { ChoosePassword } from './choose-password';
export { CodeStep } from './code-step';
export { LoadFailed } from './load-failed';
export { SignInForm } from './sign-in-form';
export { StaffArea } from './staff-area';
export { TwoStepSetup } from './two-step-setup';
