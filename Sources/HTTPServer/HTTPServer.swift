import CEventLoop
