#include "CEventLoop.h"
int cel_placeholder(void) { return 0; }
