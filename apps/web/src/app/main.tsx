import '../styles.css';
import { startApp } from './start-app';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
void startApp(container);
