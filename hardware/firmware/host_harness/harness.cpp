// Runs the display firmware on a PC: protocol lines on stdin, replies on stdout, then the
// final state as "STATE <white>|<black>|<side>|<score>|<message>|<intensity>" and each
// module's eight digit registers as hex ("FRAME 0 ...").
#include "SPI.h"
#include "../companion_display/companion_display.ino"

int main() {
  setup();
  while (Serial.available()) loop();
  printf("STATE %s|%s|%c|%s|%s|%d\n", clockWhite, clockBlack, sideToMove, score, message,
         hostRegisters[0][0x0A]);
  for (int m = 0; m < MODULES; m++) {
    printf("FRAME %d", m);
    for (int d = 8; d >= 1; d--) printf(" %02X", hostRegisters[m][d]);
    printf("\n");
  }
  return 0;
}
