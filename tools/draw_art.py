#!/usr/bin/env python3
"""Draws goap-town's pixel art into assets/: station sprites, villager sheets, item icons, the
thought bubble, the ground and the map's terrain. Every picture is drawn here from shapes,
so the art is the project's own and can be changed by changing this file:

    python3 tools/draw_art.py        # rewrites assets/sprites, villagers, icons and ui

Standard library only (the PNG writer is at the end). The game scales every picture by 2 with
nearest-neighbour sampling, so one pixel here is a 2 × 2 block on screen.
"""

import math
import os
import random
import struct
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")

# The palette: a few shades per material, so the pictures hang together.
OUTLINE = (38, 30, 28, 255)
SOIL, SOIL_DARK = (121, 85, 58, 255), (92, 62, 44, 255)
WHEAT, WHEAT_DARK = (230, 196, 92, 255), (190, 150, 60, 255)
WOOD, WOOD_DARK, WOOD_LIGHT = (150, 102, 62, 255), (108, 72, 44, 255), (186, 136, 86, 255)
STONE, STONE_DARK, STONE_LIGHT = (140, 140, 150, 255), (100, 100, 112, 255), (184, 184, 192, 255)
BRICK, BRICK_DARK = (176, 82, 60, 255), (130, 58, 44, 255)
FIRE, FIRE_HOT, EMBER = (240, 136, 40, 255), (255, 220, 96, 255), (200, 60, 30, 255)
LEAF, LEAF_DARK, LEAF_LIGHT = (66, 140, 70, 255), (40, 98, 54, 255), (104, 176, 88, 255)
ROOF, ROOF_DARK = (164, 64, 52, 255), (124, 44, 40, 255)
WATER, WATER_LIGHT = (70, 130, 210, 255), (140, 190, 240, 255)
IRON, IRON_LIGHT = (120, 130, 150, 255), (196, 206, 220, 255)
CLOTH, CLOTH_DARK = (226, 214, 186, 255), (186, 172, 146, 255)
DARK = (30, 26, 30, 255)
WHITE = (250, 250, 246, 255)
SKIN, SKIN_DARK = (238, 190, 150, 255), (206, 150, 116, 255)
HAIR = (92, 60, 40, 255)
CLEAR = (0, 0, 0, 0)


class Canvas:
    """A picture being drawn: `w` × `h` pixels, (0, 0) at the top left."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [[CLEAR] * w for _ in range(h)]

    def dot(self, x, y, c):
        x, y = int(round(x)), int(round(y))
        if 0 <= x < self.w and 0 <= y < self.h:
            self.px[y][x] = c

    def rect(self, x, y, w, h, c):
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.dot(i, j, c)

    def ellipse(self, cx, cy, rx, ry, c, top_only=False):
        for j in range(int(cy - ry) - 1, int(cy + ry) + 2):
            if top_only and j > cy:
                continue
            for i in range(int(cx - rx) - 1, int(cx + rx) + 2):
                if ((i - cx) / max(rx, 0.5)) ** 2 + ((j - cy) / max(ry, 0.5)) ** 2 <= 1.0:
                    self.dot(i, j, c)

    def line(self, x0, y0, x1, y1, c):
        steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for s in range(steps + 1):
            t = s / steps
            self.dot(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, c)

    def poly(self, points, c):
        """Fills a polygon by testing each pixel centre (even-odd rule)."""
        for j in range(self.h):
            for i in range(self.w):
                x, y, inside = i + 0.5, j + 0.5, False
                for k in range(len(points)):
                    (ax, ay), (bx, by) = points[k], points[k - 1]
                    if (ay > y) != (by > y) and x < (bx - ax) * (y - ay) / (by - ay) + ax:
                        inside = not inside
                if inside:
                    self.px[j][i] = c

    def outline(self, c=OUTLINE):
        """Rings every drawn shape with a dark edge, the way pixel art reads at a glance."""
        drawn = [[p[3] > 0 for p in row] for row in self.px]
        for j in range(self.h):
            for i in range(self.w):
                if drawn[j][i]:
                    continue
                near = [(i + a, j + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))]
                if any(0 <= x < self.w and 0 <= y < self.h and drawn[y][x] for x, y in near):
                    self.px[j][i] = c

    def paste(self, other, ox, oy):
        for j in range(other.h):
            for i in range(other.w):
                if other.px[j][i][3] > 0:
                    self.dot(ox + i, oy + j, other.px[j][i])


# ---------------------------------------------------------------------------------------------
# Stations: 32 × 26 pixels, standing on their bottom edge.

def station():
    return Canvas(32, 26)


def field():
    c = station()
    c.poly([(2, 16), (29, 16), (31, 25), (0, 25)], SOIL)
    for row, y in enumerate((18, 21, 24)):
        c.line(1, y, 30, y, SOIL_DARK)
        for x in range(3 + row % 2, 30, 3):
            c.line(x, y - 1, x, y - 7, WHEAT_DARK)
            c.rect(x - 1 if x % 2 else x, y - 9, 2, 3, WHEAT)
    c.outline()
    return c


def mill():
    c = station()
    c.poly([(10, 25), (22, 25), (20, 8), (12, 8)], STONE_LIGHT)
    c.poly([(11, 8), (21, 8), (16, 3)], ROOF)
    c.rect(14, 19, 4, 6, WOOD_DARK)
    for a in (0.6, 0.6 + math.pi / 2, 0.6 + math.pi, 0.6 + 3 * math.pi / 2):
        x, y = 16 + 11 * math.cos(a), 9 + 9 * math.sin(a)
        c.line(16, 9, x, y, WOOD_DARK)
        c.line(16 + 2 * math.cos(a + 0.3), 9 + 2 * math.sin(a + 0.3), x + 2 * math.cos(a + 1.2),
               y + 2 * math.sin(a + 1.2), CLOTH)
    c.rect(15, 8, 2, 2, DARK)
    c.outline()
    return c


def oven():
    c = station()
    c.rect(3, 20, 26, 5, STONE)
    c.ellipse(16, 20, 12, 13, BRICK, top_only=True)
    for y in range(9, 20, 3):
        c.line(6, y, 26, y, BRICK_DARK)
    c.ellipse(16, 20, 5, 6, DARK, top_only=True)
    c.ellipse(16, 20, 3, 3, FIRE, top_only=True)
    c.rect(15, 18, 2, 2, FIRE_HOT)
    c.rect(22, 3, 4, 6, BRICK_DARK)
    c.outline()
    return c


def well():
    c = station()
    c.ellipse(16, 20, 10, 5, STONE)
    c.rect(6, 17, 21, 4, STONE)
    c.ellipse(16, 17, 8, 3, WATER)
    c.ellipse(14, 16, 3, 1, WATER_LIGHT)
    c.rect(6, 5, 2, 13, WOOD)
    c.rect(24, 5, 2, 13, WOOD)
    c.poly([(3, 6), (29, 6), (16, 0)], ROOF)
    c.line(8, 8, 24, 8, WOOD_DARK)
    c.line(16, 8, 16, 12, DARK)
    c.rect(14, 12, 4, 3, WOOD_DARK)
    c.outline()
    return c


def table():
    c = station()
    c.rect(3, 12, 26, 4, WOOD_LIGHT)
    c.rect(3, 16, 26, 2, WOOD_DARK)
    for x in (5, 25):
        c.rect(x, 18, 2, 7, WOOD_DARK)
    c.ellipse(11, 11, 4, 1.5, WHITE)
    c.ellipse(11, 10, 2.5, 1.5, WHEAT_DARK)
    c.ellipse(21, 11, 4, 1.5, WHITE)
    c.rect(19, 9, 4, 2, BRICK)
    c.outline()
    return c


def pine(c, x, y, size):
    for k in range(3):
        w = size - k * size // 4
        c.poly([(x - w, y - k * size // 2), (x + w, y - k * size // 2), (x, y - size - k * size // 2)],
               LEAF if k % 2 else LEAF_DARK)
    c.rect(x - 1, y, 3, 4, WOOD_DARK)


def forest():
    c = station()
    pine(c, 8, 19, 7)
    pine(c, 24, 20, 7)
    pine(c, 16, 22, 9)
    c.outline()
    return c


def log(c, x, y, length):
    c.rect(x, y, length, 4, WOOD)
    c.line(x, y + 1, x + length - 1, y + 1, WOOD_LIGHT)
    c.ellipse(x + length, y + 1.5, 1.5, 2, WOOD_LIGHT)


def sawmill():
    c = station()
    c.rect(2, 16, 28, 3, WOOD_DARK)
    for x in (4, 26):
        c.rect(x, 19, 2, 6, WOOD_DARK)
    log(c, 3, 12, 22)
    c.ellipse(16, 9, 7, 7, IRON_LIGHT)
    c.ellipse(16, 9, 2, 2, IRON)
    for k in range(12):
        a = k * math.pi / 6
        c.dot(16 + 8 * math.cos(a), 9 + 8 * math.sin(a), IRON)
    c.outline()
    return c


def site():
    c = station()
    c.rect(4, 22, 24, 3, STONE)
    for x in (5, 15, 25):
        c.rect(x, 8, 2, 14, WOOD)
    c.line(5, 8, 27, 8, WOOD_DARK)
    c.line(5, 15, 27, 15, WOOD_DARK)
    c.line(6, 21, 15, 9, WOOD_DARK)
    c.poly([(3, 8), (29, 8), (16, 1)], (0, 0, 0, 0))
    c.line(4, 8, 16, 1, WOOD)
    c.line(16, 1, 28, 8, WOOD)
    c.rect(19, 18, 8, 2, WOOD_LIGHT)
    c.rect(18, 20, 9, 2, WOOD_LIGHT)
    c.outline()
    return c


def anvil():
    c = station()
    c.rect(10, 17, 12, 8, WOOD_DARK)
    c.line(10, 20, 21, 20, WOOD)
    c.poly([(6, 9), (26, 9), (24, 12), (20, 12), (19, 17), (13, 17), (12, 12), (9, 12)], IRON)
    c.line(7, 9, 25, 9, IRON_LIGHT)
    c.poly([(2, 9), (7, 9), (7, 11)], IRON)
    c.rect(22, 4, 2, 5, WOOD)
    c.rect(20, 2, 6, 3, STONE_DARK)
    c.outline()
    return c


def furnace():
    c = station()
    c.rect(6, 8, 20, 17, STONE)
    for y in range(10, 25, 4):
        c.line(6, y, 25, y, STONE_DARK)
    c.rect(20, 1, 4, 7, STONE_DARK)
    c.rect(11, 15, 10, 8, DARK)
    c.rect(12, 18, 8, 5, FIRE)
    c.rect(14, 20, 4, 3, FIRE_HOT)
    c.outline()
    for x, y in ((22, 0), (24, 1)):
        c.dot(x, y, STONE_LIGHT)
    return c


def mine():
    c = station()
    c.poly([(0, 25), (6, 8), (14, 2), (22, 5), (31, 25)], STONE)
    c.poly([(2, 25), (6, 14), (10, 25)], STONE_DARK)
    c.rect(11, 12, 10, 13, DARK)
    c.rect(10, 11, 2, 14, WOOD)
    c.rect(20, 11, 2, 14, WOOD)
    c.rect(9, 10, 14, 2, WOOD_DARK)
    for x, y in ((24, 16), (5, 20), (26, 21)):
        c.rect(x, y, 2, 2, STONE_LIGHT)
    c.outline()
    return c


def house(wall=WOOD_LIGHT, roof=ROOF):
    c = station()
    c.rect(5, 11, 22, 14, wall)
    c.poly([(2, 12), (30, 12), (16, 1)], roof)
    c.line(3, 12, 16, 2, ROOF_DARK)
    c.rect(14, 17, 5, 8, WOOD_DARK)
    c.rect(8, 15, 4, 4, WATER_LIGHT)
    c.rect(21, 15, 4, 4, WATER_LIGHT)
    return c


def workshop():
    c = house(WOOD, ROOF_DARK)
    c.rect(7, 21, 6, 2, WOOD_LIGHT)
    c.line(22, 20, 27, 25, IRON_LIGHT)
    c.outline()
    return c


def home():
    c = house()
    c.outline()
    return c


def storage():
    c = station()
    for x, y, s in ((3, 13, 12), (16, 13, 12), (9, 2, 12)):
        c.rect(x, y, s, s, WOOD)
        c.rect(x, y, s, 2, WOOD_DARK)
        c.line(x, y, x + s - 1, y + s - 1, WOOD_DARK)
        c.line(x + s - 1, y, x, y + s - 1, WOOD_DARK)
    c.outline()
    return c


def hearth():
    c = station()
    for x in (6, 11, 16, 21, 26):
        c.ellipse(x, 22, 2.5, 2, STONE)
    c.line(8, 21, 24, 16, WOOD_DARK)
    c.line(8, 16, 24, 21, WOOD)
    c.poly([(10, 19), (22, 19), (19, 8), (16, 3), (13, 9)], FIRE)
    c.poly([(13, 19), (19, 19), (17, 11), (16, 9), (15, 12)], FIRE_HOT)
    c.outline()
    return c


def woodpile():
    c = station()
    for row, n in enumerate((4, 3, 2)):
        for k in range(n):
            x, y = 7 + k * 6 + row * 3, 21 - row * 5
            c.ellipse(x, y, 3, 2.5, WOOD)
            c.ellipse(x, y, 1.5, 1, WOOD_LIGHT)
    c.outline()
    return c


def armory():
    c = house(STONE_LIGHT, IRON)
    c.ellipse(16, 20, 3, 3, ROOF)
    c.line(16, 17, 16, 23, WHEAT)
    c.outline()
    return c


def cover():
    c = station()
    for row in range(3):
        for k in range(4 - row):
            c.ellipse(7 + k * 6 + row * 3, 22 - row * 4, 3.5, 2.5, CLOTH_DARK if (k + row) % 2 else CLOTH)
    c.outline()
    return c


def signpost():
    c = station()
    c.rect(15, 6, 2, 19, WOOD_DARK)
    c.poly([(6, 6), (24, 6), (27, 9), (24, 12), (6, 12)], WOOD_LIGHT)
    c.line(9, 9, 21, 9, WOOD_DARK)
    c.ellipse(16, 24, 5, 1.5, SOIL)
    c.outline()
    return c


STATIONS = {
    "station": signpost, "field": field, "mill": mill, "oven": oven, "well": well, "table": table,
    "forest": forest, "sawmill": sawmill, "site": site, "anvil": anvil, "furnace": furnace,
    "mine": mine, "workshop": workshop, "house": home, "storage": storage, "hearth": hearth,
    "woodpile": woodpile, "armory": armory, "cover": cover,
}


# ---------------------------------------------------------------------------------------------
# Villagers: 16 × 20 frames facing right — standing, and two walking steps — in two rows: the
# figure, and a mask of its clothes in greys that the game tints with the villager's colour.

CLOTHES, CLOTHES_SHADE = (236, 236, 236, 255), (176, 176, 176, 255)


def figure(frame, hat):
    body, clothes = Canvas(16, 20), Canvas(16, 20)
    legs = [((6, 9), (6, 9)), ((5, 10), (7, 8)), ((7, 8), (5, 10))][frame]
    bob = 0 if frame == 0 else 1
    for (x_top, x_bottom) in [(legs[0][0], legs[1][0]), (legs[0][1], legs[1][1])]:
        body.line(x_top, 14, x_bottom, 17, DARK)
        body.line(x_top + 1, 14, x_bottom + 1, 17, DARK)
        body.rect(x_bottom, 18, 3, 1, OUTLINE)
    clothes.rect(5, 8 + bob, 7, 7, CLOTHES)
    clothes.rect(5, 13 + bob, 7, 2, CLOTHES_SHADE)
    arm = [0, 1, -1][frame]
    clothes.rect(7 + arm, 10 + bob, 2, 4, CLOTHES_SHADE)
    body.rect(7 + arm, 14 + bob, 2, 1, SKIN)
    body.ellipse(8.5, 4.5 + bob, 3.6, 3.6, SKIN)
    body.rect(10, 4 + bob, 1, 1, DARK)
    body.rect(11, 6 + bob, 1, 1, SKIN_DARK)
    hat(body, bob)
    whole = Canvas(16, 20)
    whole.paste(body, 0, 0)
    whole.paste(clothes, 0, 0)
    whole.outline()
    # The outline and everything not clothes belong to the figure's row.
    for j in range(20):
        for i in range(16):
            if clothes.px[j][i][3] == 0:
                body.px[j][i] = whole.px[j][i]
    return body, clothes


def hair(c, bob):
    c.ellipse(7.5, 2.5 + bob, 3.5, 2, HAIR)
    c.rect(5, 2 + bob, 2, 4, HAIR)


def straw_hat(c, bob):
    c.rect(2, 2 + bob, 13, 2, WHEAT)
    c.rect(5, 0 + bob, 7, 2, WHEAT_DARK)


def toque(c, bob):
    hair(c, bob)
    c.rect(5, 0 + bob, 7, 3, WHITE)
    c.ellipse(8.5, 0 + bob, 4, 1.5, WHITE)


def cap(colour):
    def draw(c, bob):
        hair(c, bob)
        c.rect(5, 1 + bob, 7, 2, colour)
        c.rect(11, 2 + bob, 3, 1, colour)
    return draw


def helmet(colour, lamp=False):
    def draw(c, bob):
        c.ellipse(8.5, 2.5 + bob, 4.5, 2.5, colour, top_only=True)
        c.rect(4, 2 + bob, 10, 1, colour)
        if lamp:
            c.rect(11, 1 + bob, 2, 1, FIRE_HOT)
    return draw


def smith_hair(c, bob):
    hair(c, bob)
    c.rect(10, 7 + bob, 2, 1, HAIR)


VILLAGERS = {
    "villager": hair,
    "farmer": straw_hat,
    "baker": toque,
    "cook": toque,
    "miller": cap(CLOTH),
    "smith": smith_hair,
    "miner": helmet(WHEAT, lamp=True),
    "carpenter": cap(ROOF),
    "builder": helmet(FIRE),
    "woodcutter": cap(LEAF_DARK),
    "sawyer": cap(WOOD_DARK),
    "soldier": helmet(IRON),
}


def villager_sheet(hat):
    sheet = Canvas(48, 40)
    for frame in range(3):
        body, clothes = figure(frame, hat)
        sheet.paste(body, frame * 16, 0)
        sheet.paste(clothes, frame * 16, 20)
    return sheet


# ---------------------------------------------------------------------------------------------
# Icons: 12 × 12, for the items and needs scenarios talk about.

def icon():
    return Canvas(12, 12)


def bread():
    c = icon()
    c.ellipse(6, 6.5, 5, 3.5, WHEAT_DARK)
    c.ellipse(6, 5.5, 4, 2.5, WHEAT)
    for x in (4, 6, 8):
        c.line(x, 5, x + 1, 4, WHEAT_DARK)
    c.outline()
    return c


def wheat():
    c = icon()
    for x, lean in ((4, -1), (6, 0), (8, 1)):
        c.line(6, 11, x + lean, 4, WHEAT_DARK)
        c.rect(x + lean - 1 if lean < 0 else x + lean, 1, 1, 4, WHEAT)
    c.rect(5, 7, 3, 1, WOOD_DARK)
    c.outline()
    return c


def flour():
    c = icon()
    c.poly([(2, 11), (10, 11), (9, 4), (3, 4)], CLOTH)
    c.rect(4, 2, 4, 2, CLOTH_DARK)
    c.rect(5, 7, 2, 2, WHEAT_DARK)
    c.outline()
    return c


def ore():
    c = icon()
    c.poly([(1, 10), (3, 4), (7, 2), (10, 5), (11, 10)], STONE_DARK)
    for x, y in ((4, 5), (7, 7), (5, 8)):
        c.rect(x, y, 2, 1, BRICK)
    c.outline()
    return c


def ingot():
    c = icon()
    c.poly([(1, 9), (3, 5), (9, 5), (11, 9)], IRON)
    c.line(3, 5, 9, 5, IRON_LIGHT)
    c.outline()
    return c


def tools():
    c = icon()
    c.line(3, 10, 8, 5, WOOD)
    c.line(3, 11, 9, 5, WOOD_DARK)
    c.poly([(5, 3), (8, 0), (11, 3), (9, 5), (7, 4)], IRON)
    c.outline()
    return c


def logs():
    c = icon()
    log(c, 1, 6, 8)
    log(c, 2, 2, 7)
    c.outline()
    return c


def planks():
    c = icon()
    for y in (3, 6, 9):
        c.rect(1, y, 10, 2, WOOD_LIGHT)
        c.dot(10, y, WOOD_DARK)
    c.outline()
    return c


def meal():
    c = icon()
    c.ellipse(6, 7, 5, 3, WHITE, top_only=False)
    c.ellipse(6, 6, 4, 1.5, BRICK)
    c.ellipse(5, 5.5, 1.5, 1, LEAF)
    c.line(4, 3, 4, 1, STONE_LIGHT)
    c.line(8, 3, 8, 1, STONE_LIGHT)
    c.outline()
    return c


def fire():
    c = icon()
    c.poly([(2, 11), (10, 11), (9, 5), (6, 0), (4, 4)], FIRE)
    c.poly([(4, 11), (8, 11), (7, 7), (6, 4), (5, 7)], FIRE_HOT)
    c.outline()
    return c


def water():
    c = icon()
    c.poly([(6, 0), (10, 7), (2, 7)], WATER)
    c.ellipse(6, 7.5, 4, 3.5, WATER)
    c.rect(4, 6, 1, 2, WATER_LIGHT)
    c.outline()
    return c


def hut():
    c = icon()
    c.rect(2, 6, 8, 5, WOOD_LIGHT)
    c.poly([(0, 7), (12, 7), (6, 1)], ROOF)
    c.rect(5, 8, 2, 3, WOOD_DARK)
    c.outline()
    return c


def chair():
    c = icon()
    c.rect(3, 1, 2, 10, WOOD)
    c.rect(3, 6, 7, 2, WOOD_LIGHT)
    c.rect(8, 8, 2, 3, WOOD)
    c.outline()
    return c


def ammo():
    c = icon()
    for x in (2, 5, 8):
        c.rect(x, 4, 2, 7, WHEAT_DARK)
        c.rect(x, 2, 2, 2, BRICK)
    c.outline()
    return c


def sword():
    c = icon()
    c.line(2, 10, 9, 3, IRON_LIGHT)
    c.line(3, 10, 10, 3, IRON)
    c.line(2, 7, 5, 10, WOOD_DARK)
    c.outline()
    return c


def shield():
    c = icon()
    c.poly([(1, 1), (11, 1), (11, 6), (6, 11), (1, 6)], ROOF)
    c.line(6, 2, 6, 9, WHEAT)
    c.line(2, 4, 10, 4, WHEAT)
    c.outline()
    return c


def target():
    c = icon()
    c.ellipse(6, 6, 5, 5, ROOF)
    c.ellipse(6, 6, 3, 3, WHITE)
    c.ellipse(6, 6, 1, 1, ROOF)
    c.outline()
    return c


def unknown():
    c = icon()
    mark = [" ###### ", "##    ##", "      ##", "    ### ", "   ##   ", "   ##   ", "        ", "   ##   "]
    for y, row in enumerate(mark):
        for x, cell in enumerate(row):
            if cell == "#":
                c.dot(2 + x, 2 + y, WHITE)
    c.outline()
    return c


ICONS = {
    "bread": bread, "wheat": wheat, "flour": flour, "ore": ore, "iron": ingot, "tools": tools,
    "logs": logs, "planks": planks, "meal": meal, "fire": fire, "water": water, "house": hut,
    "furniture": chair, "ammo": ammo, "weapon": sword, "cover": shield, "target": target,
    "unknown": unknown,
}


# ---------------------------------------------------------------------------------------------
# The rest: the thought bubble a waiting villager shows, and the ground.

def bubble():
    c = Canvas(20, 20)
    c.ellipse(10, 8, 9, 7.5, WHITE)
    c.ellipse(5, 17, 2, 1.5, WHITE)
    c.ellipse(2, 19, 1, 1, WHITE)
    c.outline((70, 70, 80, 255))
    return c


def ground():
    """32 × 32 grass that tiles: tufts and flowers scattered with wrap-around."""
    rng = random.Random(7)
    c = Canvas(32, 32)
    c.rect(0, 0, 32, 32, (88, 128, 70, 255))
    for _ in range(70):
        x, y = rng.randrange(32), rng.randrange(32)
        shade = rng.choice([(78, 116, 62, 255), (100, 142, 78, 255), (70, 106, 58, 255)])
        c.dot(x, y, shade)
        c.dot((x + 1) % 32, y, shade)
    for _ in range(14):
        x, y = rng.randrange(32), rng.randrange(32)
        c.dot(x, y, (112, 158, 84, 255))
        c.dot(x, (y - 1) % 32, (112, 158, 84, 255))
    for _ in range(3):
        x, y = rng.randrange(32), rng.randrange(32)
        c.dot(x, y, rng.choice([(236, 224, 120, 255), (230, 236, 240, 255)]))
    return c


# ---------------------------------------------------------------------------------------------
# The map's terrain: 16 × 16 tiles, one a cell, stacked top to bottom in the order the game
# names them (src/game/map/looks.rs). Each tiles with itself, so a wall or a river of many cells
# reads as one. Grass is not here: the ground shows through the map's grass cells.

TERRAIN = 16


def speckle(c, rng, count, shades):
    for _ in range(count):
        c.dot(rng.randrange(TERRAIN), rng.randrange(TERRAIN), rng.choice(shades))


def road():
    """Packed earth with pebbles."""
    rng = random.Random(11)
    c = Canvas(TERRAIN, TERRAIN)
    c.rect(0, 0, TERRAIN, TERRAIN, (178, 144, 100, 255))
    speckle(c, rng, 40, [(160, 126, 86, 255), (192, 160, 116, 255)])
    for _ in range(5):
        x, y = rng.randrange(TERRAIN), rng.randrange(TERRAIN)
        c.dot(x, y, (206, 196, 176, 255))
        c.dot(x, (y + 1) % TERRAIN, (130, 104, 74, 255))
    return c


def wall():
    """Stone blocks in courses of 8, each course's joints half a block along from the last."""
    c = Canvas(TERRAIN, TERRAIN)
    c.rect(0, 0, TERRAIN, TERRAIN, STONE_DARK)
    for course in range(2):
        y, shift = course * 8, course * 4
        for block in range(-1, 2):
            x = block * 8 + shift
            for j in range(y, y + 7):
                for i in range(x, x + 7):
                    if 0 <= i < TERRAIN:
                        light = i == x or j == y
                        shade = j == y + 6 or i == x + 6
                        c.dot(i, j, STONE_LIGHT if light else (112, 112, 124, 255) if shade else STONE)
    return c


def water():
    """Blue with wave crests that run on into the next cell."""
    c = Canvas(TERRAIN, TERRAIN)
    c.rect(0, 0, TERRAIN, TERRAIN, WATER)
    for x, y in ((1, 3), (9, 7), (3, 12), (12, 14)):
        for i, dy in enumerate((1, 0, 0, 1)):
            c.dot((x + i) % TERRAIN, y + dy, WATER_LIGHT)
    for x, y in ((6, 1), (13, 10), (0, 8)):
        c.dot(x, y, (52, 106, 186, 255))
        c.dot(x + 1, y, (52, 106, 186, 255))
    return c


def bridge_north_south():
    """Planks laid across a road that runs north–south, rails along both sides."""
    c = Canvas(TERRAIN, TERRAIN)
    for y in range(TERRAIN):
        plank = WOOD_LIGHT if (y // 4) % 2 == 0 else WOOD
        c.rect(2, y, TERRAIN - 4, 1, WOOD_DARK if y % 4 == 3 else plank)
    for x in (0, TERRAIN - 2):
        c.rect(x, 0, 2, TERRAIN, WOOD_DARK)
        c.rect(x + (1 if x == 0 else 0), 0, 1, TERRAIN, OUTLINE)
        for y in (2, 10):
            c.rect(x, y, 2, 2, (80, 52, 32, 255))
    return c


def bridge_east_west():
    """The same bridge turned a quarter: the road runs east–west."""
    upright = bridge_north_south()
    c = Canvas(TERRAIN, TERRAIN)
    for j in range(TERRAIN):
        for i in range(TERRAIN):
            c.px[j][i] = upright.px[i][j]
    return c


def plain():
    """White, tinted in the game to a kind's colour where cells are too small for their art."""
    c = Canvas(TERRAIN, TERRAIN)
    c.rect(0, 0, TERRAIN, TERRAIN, (255, 255, 255, 255))
    return c


TERRAIN_TILES = [road, wall, water, bridge_north_south, bridge_east_west, plain]


def terrain():
    c = Canvas(TERRAIN, TERRAIN * len(TERRAIN_TILES))
    for n, draw in enumerate(TERRAIN_TILES):
        c.paste(draw(), 0, n * TERRAIN)
    return c


# ---------------------------------------------------------------------------------------------

def write_png(path, canvas):
    rows = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in canvas.px)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", canvas.w, canvas.h, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
    png += chunk(b"IEND", b"")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(png)


def main():
    for name, draw in STATIONS.items():
        write_png(os.path.join(ROOT, "sprites", name + ".png"), draw())
    for name, hat in VILLAGERS.items():
        write_png(os.path.join(ROOT, "villagers", name + ".png"), villager_sheet(hat))
    for name, draw in ICONS.items():
        write_png(os.path.join(ROOT, "icons", name + ".png"), draw())
    write_png(os.path.join(ROOT, "ui", "bubble.png"), bubble())
    write_png(os.path.join(ROOT, "ui", "ground.png"), ground())
    write_png(os.path.join(ROOT, "ui", "terrain.png"), terrain())


if __name__ == "__main__":
    main()
