import { styled } from './slotted';

const Card = styled('div', 'card', 'bg-card text-card-foreground flex flex-col gap-4 rounded-lg border py-5 shadow-xs');
const CardHeader = styled('div', 'card-header', 'grid auto-rows-min items-start gap-1 px-5');
const CardTitle = styled('div', 'card-title', 'leading-none font-semibold');
/** A card's title that heads a section of its page (screen readers list it among the headings). */
const CardHeading = styled('h2', 'card-title', 'leading-none font-semibold');
const CardDescription = styled('div', 'card-description', 'text-muted-foreground text-sm');
const CardContent = styled('div', 'card-content', 'px-5');
const CardFooter = styled('div', 'card-footer', 'flex items-center px-5');

export { Card, CardHeader, CardFooter, CardTitle, CardHeading, CardDescription, CardContent };
