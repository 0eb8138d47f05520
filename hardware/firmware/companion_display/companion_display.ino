// companion_display: the spectators' display for the companion chess station.
//
// Board: Arduino Nano / Uno (ATmega328P), any AVR or ARM Arduino with hardware SPI.
// Display: a chain of three MAX7219 8-digit 7-segment modules on hardware SPI
//   module 0 = white's clock, module 1 = black's clock, module 2 = score or message.
//   DIN = D11 (MOSI), CLK = D13 (SCK), CS/LOAD = D10.
// Protocol: hardware/SERIAL-PROTOCOL.md, version 1 (ASCII lines "<payload>*HH\n",
//   HH = XOR of the payload bytes). No library beyond SPI.h.
//
// A bad line (checksum, length, command, field) is dropped whole and answered with
// "E <reason>*HH"; nothing on the display changes. The host resends everything every 5 s,
// so this sketch keeps no state it cannot lose.

#include <SPI.h>

static const uint8_t PIN_CS = 10;
static const uint8_t MODULES = 3;
static const uint8_t MODULE_WHITE = 0;
static const uint8_t MODULE_BLACK = 1;
static const uint8_t MODULE_SCORE = 2;
static const uint8_t MAX_PAYLOAD = 60;
static const char FIRMWARE[] = "companion_display";
static const char FIRMWARE_VERSION[] = "1.0";

// MAX7219 registers
static const uint8_t REG_DECODE = 0x09, REG_INTENSITY = 0x0A, REG_SCANLIMIT = 0x0B,
                     REG_SHUTDOWN = 0x0C, REG_TEST = 0x0F;

// Segment bits in no-decode mode: DP A B C D E F G = bit 7 .. bit 0
static const uint8_t SEG_DP = 0x80;
static const uint8_t SEG_MINUS = 0x01;
static const uint8_t SEG_TO_MOVE = 0x49;  // A + D + G: three bars, "this side moves"

static uint8_t frame[MODULES][8];  // frame[module][digit], digit 0 = rightmost

// Current state, as last received.
static char clockWhite[10] = "-";
static char clockBlack[10] = "-";
static char sideToMove = '-';
static char score[13] = "";
static char message[33] = "";

static char line[MAX_PAYLOAD + 8];
static uint8_t lineLength = 0;
static bool lineOverflow = false;

// ---------------------------------------------------------------- MAX7219 ---------------
static void writeAll(uint8_t reg, uint8_t value) {
  digitalWrite(PIN_CS, LOW);
  for (uint8_t m = 0; m < MODULES; m++) {
    SPI.transfer(reg);
    SPI.transfer(value);
  }
  digitalWrite(PIN_CS, HIGH);
}

static void flush() {
  // The first module in the chain receives the last bytes shifted out.
  for (uint8_t digit = 0; digit < 8; digit++) {
    digitalWrite(PIN_CS, LOW);
    for (int8_t m = MODULES - 1; m >= 0; m--) {
      SPI.transfer(digit + 1);
      SPI.transfer(frame[m][digit]);
    }
    digitalWrite(PIN_CS, HIGH);
  }
}

// ---------------------------------------------------------------- 7-segment font --------
static uint8_t glyph(char c) {
  static const uint8_t DIGITS[10] = {0x7E, 0x30, 0x6D, 0x79, 0x33, 0x5B, 0x5F, 0x70, 0x7F, 0x7B};
  // A..Z as well as seven segments allow (K, M, V, W, X are approximations)
  static const uint8_t LETTERS[26] = {0x77, 0x1F, 0x4E, 0x3D, 0x4F, 0x47, 0x5E, 0x37, 0x06, 0x3C,
                                      0x57, 0x0E, 0x54, 0x15, 0x1D, 0x67, 0x73, 0x05, 0x5B, 0x0F,
                                      0x3E, 0x1C, 0x2A, 0x49, 0x3B, 0x6D};
  if (c >= '0' && c <= '9') return DIGITS[c - '0'];
  if (c >= 'a' && c <= 'z') c -= 32;
  if (c >= 'A' && c <= 'Z') return LETTERS[c - 'A'];
  if (c == '-') return SEG_MINUS;
  if (c == '_') return 0x08;
  if (c == '=') return 0x09;
  if (c == '/') return 0x25;
  return 0x00;  // space and anything else: blank
}

// Right-align text on digits [0, width) of a module; ':' and '.' light the DP of the digit
// before them.
static void drawText(uint8_t module, const char *text, uint8_t width) {
  for (uint8_t d = 0; d < width; d++) frame[module][d] = 0;
  int8_t digit = 0;
  for (int8_t i = strlen(text) - 1; i >= 0 && digit < width; i--) {
    char c = text[i];
    if ((c == ':' || c == '.') && i > 0) {
      i--;
      frame[module][digit++] = glyph(text[i]) | SEG_DP;
    } else {
      frame[module][digit++] = glyph(c);
    }
  }
}

static void render() {
  drawText(MODULE_WHITE, clockWhite, 7);
  drawText(MODULE_BLACK, clockBlack, 7);
  frame[MODULE_WHITE][7] = sideToMove == 'W' ? SEG_TO_MOVE : 0;
  frame[MODULE_BLACK][7] = sideToMove == 'B' ? SEG_TO_MOVE : 0;
  drawText(MODULE_SCORE, message[0] ? message : score, 8);
  flush();
}

// ---------------------------------------------------------------- protocol --------------
static uint8_t xorOf(const char *s, uint8_t n) {
  uint8_t x = 0;
  for (uint8_t i = 0; i < n; i++) x ^= (uint8_t)s[i];
  return x;
}

static void reply(const char *payload) {
  char hex[4];
  snprintf(hex, sizeof hex, "%02X", xorOf(payload, strlen(payload)));
  Serial.print(payload);
  Serial.print('*');
  Serial.print(hex);
  Serial.print('\n');
}

static int8_t hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// Splits "X a b" into its fields in place; returns how many fields after the command.
static uint8_t splitFields(char *payload, char *fields[], uint8_t most) {
  uint8_t n = 0;
  char *p = payload + 1;
  while (*p == ' ' && n < most) {
    *p++ = '\0';
    fields[n++] = p;
    while (*p && *p != ' ') p++;
  }
  return (*p == '\0') ? n : 0xFF;  // 0xFF: more fields than the command takes
}

static bool isClock(const char *s) {
  if (strcmp(s, "-") == 0) return true;
  uint8_t len = strlen(s);
  if (len < 4 || len > 8) return false;
  for (uint8_t i = 0; i < len; i++)
    if (!(isdigit(s[i]) || s[i] == ':')) return false;
  return true;
}

static void copyField(char *dest, uint8_t size, const char *src) {
  strncpy(dest, src, size - 1);
  dest[size - 1] = '\0';
}

static void handleLine(char *text, uint8_t length) {
  if (length == 0) return;  // the host's resync newline
  if (length < 4 || text[length - 3] != '*') { reply("E FIELD"); return; }
  int8_t hi = hexValue(text[length - 2]), lo = hexValue(text[length - 1]);
  uint8_t payloadLength = length - 3;
  if (hi < 0 || lo < 0) { reply("E CHECKSUM"); return; }
  if (payloadLength > MAX_PAYLOAD) { reply("E LENGTH"); return; }
  for (uint8_t i = 0; i < payloadLength; i++)
    if (text[i] < 0x20 || text[i] > 0x7E) { reply("E FIELD"); return; }
  if (xorOf(text, payloadLength) != (uint8_t)((hi << 4) | lo)) { reply("E CHECKSUM"); return; }
  text[payloadLength] = '\0';
  if (payloadLength > 1 && text[1] != ' ') { reply("E UNKNOWN"); return; }

  char *f[4];
  uint8_t n = splitFields(text, f, 4);
  switch (text[0]) {
    case 'H': {
      char answer[48];
      snprintf(answer, sizeof answer, "V 1 %s %s", FIRMWARE, FIRMWARE_VERSION);
      reply(answer);
      return;
    }
    case 'T':
      if (n != 2 || !isClock(f[0]) || !isClock(f[1])) { reply("E FIELD"); return; }
      copyField(clockWhite, sizeof clockWhite, f[0]);
      copyField(clockBlack, sizeof clockBlack, f[1]);
      break;
    case 'S':
      if (n != 1 || strlen(f[0]) != 1 || !strchr("WB-", f[0][0])) { reply("E FIELD"); return; }
      sideToMove = f[0][0];
      break;
    case 'R':
      if (n > 1 || (n == 1 && strlen(f[0]) > 12)) { reply("E FIELD"); return; }
      copyField(score, sizeof score, n ? f[0] : "");
      break;
    case 'M': {
      // a message may contain spaces: it is everything after "M "
      if (payloadLength > 2 + 32) { reply("E FIELD"); return; }
      // splitFields cut the spaces; put them back
      for (uint8_t i = 1; i < payloadLength; i++) if (text[i] == '\0') text[i] = ' ';
      copyField(message, sizeof message, payloadLength > 2 ? text + 2 : "");
      break;
    }
    case 'B': {
      int level = n == 1 ? atoi(f[0]) : -1;
      if (level < 0 || level > 15 || !isdigit(f[0][0])) { reply("E FIELD"); return; }
      writeAll(REG_INTENSITY, (uint8_t)level);
      return;
    }
    case 'C':
      strcpy(clockWhite, "-");
      strcpy(clockBlack, "-");
      sideToMove = '-';
      score[0] = message[0] = '\0';
      break;
    default:
      reply("E UNKNOWN");
      return;
  }
  render();
}

// ---------------------------------------------------------------- Arduino ---------------
void setup() {
  pinMode(PIN_CS, OUTPUT);
  digitalWrite(PIN_CS, HIGH);
  SPI.begin();
  writeAll(REG_TEST, 0);
  writeAll(REG_DECODE, 0);  // raw segments: letters as well as digits
  writeAll(REG_SCANLIMIT, 7);
  writeAll(REG_INTENSITY, 8);
  writeAll(REG_SHUTDOWN, 1);
  Serial.begin(115200);
  render();
  reply("V 1 companion_display 1.0");  // announce ourselves after a reset
}

void loop() {
  while (Serial.available() > 0) {
    char c = (char)Serial.read();
    if (c == '\r') continue;
    if (c == '\n') {
      if (lineOverflow) reply("E LENGTH");
      else handleLine(line, lineLength);
      lineLength = 0;
      lineOverflow = false;
    } else if (lineLength < sizeof line - 1) {
      line[lineLength++] = c;
      line[lineLength] = '\0';
    } else {
      lineOverflow = true;  // drop the rest of this line
    }
  }
}
