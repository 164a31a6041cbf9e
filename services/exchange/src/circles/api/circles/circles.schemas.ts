/** Request bodies of the circles routes: the contract's schemas, as the web client sends them. */
export { circleAnswerBody, putWantListBody } from '@swapbooth/contracts';
