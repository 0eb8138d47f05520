// Host stand-ins for the Arduino core, so companion_display.ino compiles and runs on a PC:
// Serial reads stdin and writes stdout; SPI records the MAX7219 registers per module.
#pragma once
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUTPUT 1
#define LOW 0
#define HIGH 1

static uint8_t hostRegisters[8][16];  // [position in the chain][register]
static int hostShift = 0;             // bytes shifted since CS went low
static uint8_t hostPending[16];

inline void pinMode(uint8_t, uint8_t) {}
inline void digitalWrite(uint8_t, uint8_t level) {
  if (level == LOW) {
    hostShift = 0;
  } else {  // CS high: each module latches its pair; the last pair shifted is module 0's
    int pairs = hostShift / 2;
    for (int k = 0; k < pairs; k++) {
      int module = pairs - 1 - k;
      hostRegisters[module][hostPending[2 * k] & 15] = hostPending[2 * k + 1];
    }
  }
}

struct HostSPI {
  void begin() {}
  uint8_t transfer(uint8_t b) {
    if (hostShift < 16) hostPending[hostShift] = b;
    hostShift++;
    return 0;
  }
};
static HostSPI SPI;

struct HostSerial {
  int peeked = -2;
  void begin(long) {}
  int available() {
    if (peeked == -2) peeked = getchar();
    return peeked != EOF;
  }
  int read() {
    available();
    int c = peeked;
    peeked = -2;
    return c;
  }
  void print(const char *s) { fputs(s, stdout); }
  void print(char c) { putchar(c); }
};
static HostSerial Serial;
